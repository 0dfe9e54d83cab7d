"""Any text a submission can produce, through every report format: each output stays valid and inert.

Hypothesis feeds arbitrary text (every Unicode category: surrogates, C0 and C1 controls,
bidirectional overrides, very long lines) into every place of a report that holds a
submission's text: a check's message and its safe message, what the submission printed,
the notes about it, its path, and an answer as typed. Every format must then produce
output that parses in its own format (JSON, XML, HTML), encodes as UTF-8, holds no control
character a terminal or a parser would act on, and has no line the GitHub Actions runner
would execute. A class's entry names (any bytes a file system allows) and reasons go through
the gradebook into the CSV export and the batch summary under the same rules, and no CSV
cell starts a formula for a reader splitting on , or on ;.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from grader import formats
from grader.grading.answers import grade_answer
from grader.lesson.course import Course
from grader.result import CheckResult, Report, TaskResult

from paths import ROOT

LESSON = Course(ROOT).lesson("prefill")
# every character a Python str can hold, lone surrogates included (st.text leaves those out)
ANY_CHAR = st.one_of(st.characters(codec=None, categories=None), st.integers(0xD800, 0xDFFF).map(chr))


def any_text(min_size: int = 0, max_size: int = 300) -> st.SearchStrategy[str]:
    return st.lists(ANY_CHAR, min_size=min_size, max_size=max_size).map("".join)


HOSTILE = st.one_of(
    any_text(),
    st.lists(st.sampled_from(["\x1b[2J", "\x1b]0;t\x07", "\x9b", "\u202e", "\ud800", "\r", "\n", "::", "##[",
                              "![x](https://e)", "[a](b)", "<script>", "|", "`", "\x00", "=", "@", " ",
                              # invisible or line-breaking elsewhere: zero-width space, tag character, soft
                              # hyphen, NEL, ideographic space and the line separator before a runner command
                              "\u200b", "\U000e0041", "\u00ad", "\u0085", "\u3000::", "\u2028"]),
             max_size=40).map("".join),
    any_text(min_size=5000, max_size=9000),
)
# controls a terminal or parser acts on, and the invisible (format characters: zero-width, bidi, tags)
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
                         "\U000e0000-\U000e007f]")
ROUGH = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def report_of(text: str) -> Report:
    answer_task = next(t for t in LESSON.tasks if t.answer and t.answer.kind == "number")
    answered = grade_answer(answer_task, {answer_task.answer.key: text}, None, "answers.toml")
    failing = CheckResult("c", False, message=f"f(1) raised ValueError: {text}", safe_message=f"f said {text}",
                          visibility="hidden")
    visible = CheckResult("d", False, message=text, safe_message=text)
    return Report(lesson="prefill", title="Prefill", submission=f"class/{text}",
                  tasks=[TaskResult("causal_mask", "causal_mask(P)", 3.0, [failing, visible]),
                         TaskResult(answer_task.id, answer_task.title, 1.0, [answered])],
                  output=text, notes=[f"cell 2 raised {text}"])


def written(name: str, report: Report, stream=None) -> str:
    stream = stream or io.StringIO()
    formats.create(name).write(report, stream)
    return stream.getvalue()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def no_runner_command(text: str, own_commands: bool = False) -> None:
    for line in text.splitlines():
        stripped = line.lstrip()
        if own_commands and re.match(r"::(error|warning|notice) [^\n]*::", stripped):
            continue  # the github format's own annotation; its data is checked below
        assert not stripped.startswith("::"), line[:200]
    assert "##[" not in text


@ROUGH
@given(HOSTILE)
def test_every_format_stays_valid_and_inert_whatever_the_submission_wrote(text):
    for audience in ("student", "instructor"):
        report = report_of(text).for_audience(audience)
        outputs = {name: written(name, report) for name in formats.names()}
        for name, output in outputs.items():
            output.encode("utf-8")  # valid UTF-8: no lone surrogate reaches any format
            assert not RAW_CONTROL.search(output), name
            assert "##[" not in output, name  # a CI log may print any format: its own escape, the same data
        json.loads(outputs["json"])
        json.loads(outputs["gradescope"])
        ET.fromstring(outputs["junit"].encode("utf-8"))
        HTMLParser().feed(outputs["html"])
        assert "<script>" not in outputs["html"]
        no_runner_command(outputs["text"])
        no_runner_command(outputs["markdown"])
        no_runner_command(outputs["github"], own_commands=True)


@ROUGH
@given(HOSTILE)
def test_the_coloured_terminal_report_writes_no_escape_but_its_own_colours(text):
    stream = Terminal()
    terminal = {"TERM": "xterm-256color", "FORCE_COLOR": "1", "NO_COLOR": "", "TTY_COMPATIBLE": ""}
    with mock.patch.dict(os.environ, terminal):
        written("text", report_of(text).for_audience("instructor"), stream)
    assert "\x1b[" in stream.getvalue()  # it really was the coloured report
    output = re.sub(r"\x1b\[[0-9;]*m", "", stream.getvalue())  # rich's own colours and styles
    assert "\x1b" not in output and not RAW_CONTROL.search(output)
    no_runner_command(output)


@ROUGH
@given(HOSTILE)
@example("| ")  # a line of feedback that starts like a table row, inside its code fence (found by CI)
def test_markdown_renders_no_link_image_or_html_from_a_submission(text):
    output = written("markdown", report_of(text).for_audience("student"))
    table = output.split("\n| task |", 1)[1].split("\n\n", 1)[0]  # the table runs to its first blank line
    rows = table.splitlines()[2:]  # after the header and its rule (a "| " line inside a code fence is not a row)
    assert len(rows) == 2
    for row in rows:
        cells = re.split(r"(?<!\\)\|", row.strip().strip("|"))
        assert len(cells) == 4  # a submission's "|" cannot add a column
        verdict = cells[3].strip()
        assert verdict == "" or re.fullmatch(r"(`+) ?.*? ?\1", verdict), verdict  # a code span: nothing renders


@ROUGH
@given(any_text(max_size=200))
def test_an_answer_typed_as_anything_is_graded_never_raised(text):
    for task in (t for t in LESSON.tasks if t.answer):
        check = grade_answer(task, {task.answer.key: text}, None, "answers.toml")
        assert check.passed in (True, False)
        check.message.encode("utf-8")


# ---------------------------------------------------------------------------- a class: names, CSV, summary

def _csv_cells(text: str, delimiter: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


FORMULA = ("=", "+", "-", "@")
SHORT_HOSTILE = st.one_of(any_text(max_size=60), st.lists(st.sampled_from(
    ["\x1b[2J", "\u202e", "\ud800", "\udce9", "\r", "\n", "::", "##[", "=", "+", "-", "@", " ", ";", ",", '"',
     "\t", "e\u0301", "\u00e9"]), max_size=12).map("".join))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a gradebook each
@given(st.lists(st.tuples(SHORT_HOSTILE, st.sampled_from(["graded", "rejected", "error"]), SHORT_HOSTILE),
                min_size=1, max_size=4))
def test_a_class_of_any_names_and_reasons_exports_an_inert_csv_and_summary(entries):
    """Entry names as a file system gives them (any bytes but / and NUL), reasons as any text: the
    gradebook takes them, the CSV parses as one row per student in a , and a ; reader with no cell
    a spreadsheet would run, and the summary holds no raw control and no runner command."""
    import tempfile

    from grader.batch.entries import student_of
    from grader.batch.gradebook import Gradebook
    from grader.batch.jobs import Outcome
    from grader.batch.summary import render_plain, summarize

    tasks = [("prefill_flops", "FLOPs", 2.0)]
    outcomes = {}
    for name, status, reason in entries:
        raw = os.fsencode(name.encode("utf-8", "surrogatepass").replace(b"/", b"_").replace(b"\0", b"_")[:200] or b"x")
        student = student_of(Path(os.fsdecode(raw)))
        report = {"lesson": "prefill", "score": 1.5, "max_score": 2.0, "tasks": [
            {"id": "prefill_flops", "score": 1.5, "max_score": 2.0, "status": "partial", "feedback": reason}]}
        outcomes[student] = Outcome(student, status, report=report if status == "graded" else None, reason=reason)
    with tempfile.TemporaryDirectory() as tmp, Gradebook(Path(tmp) / "gb.sqlite") as book:
        book.set_lesson("prefill", "Prefill", "v1", tasks)
        for student, outcome in outcomes.items():
            book.record("prefill", "v1", student, "h", outcome)
        assert book.export_csv(Path(tmp) / "grades.csv") == len(outcomes)
        text = (Path(tmp) / "grades.csv").read_bytes().decode("utf-8")
        stream = io.StringIO()
        render_plain(summarize("prefill", tasks, book.rows("prefill")), stream)
    assert not RAW_CONTROL.search(text.replace("\r\n", "\n").replace("\n", ""))
    rows = _csv_cells(text, ",")
    assert len(rows) == len(outcomes) + 1 and {len(r) for r in rows} == {len(rows[0])}
    for delimiter in (",", ";"):
        for row in _csv_cells(text, delimiter):
            for cell in row:
                # its first character that is not blank nor a quote (a ; reader may open a quote mid-row)
                assert not cell.lstrip(" \"\t\r\n").startswith(FORMULA), (delimiter, cell)
        for line in text.split("\r\n"):  # a reader that does not honour quotes at all
            for piece in line.split(delimiter):
                assert not piece.lstrip(" \"\t").startswith(FORMULA), (delimiter, piece)
    summary = stream.getvalue()
    assert not RAW_CONTROL.search(summary.replace("\n", ""))
    no_runner_command(summary)
