"""grader.formats.text: the 80-column terminal table, what to fix, and the total."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import numpy as np
import pytest

from grader.describe import mask_picture, side_by_side
from grader.formats import FormatOptions
from grader.formats.text import WIDTH, TextFormat
from grader.result import CheckResult, Diagnosis, Report, TaskResult

from sample_reports import assert_names_a_students_numbers

PICTURE = side_by_side(mask_picture(np.ones((5, 5), dtype=bool)), mask_picture(np.tril(np.ones((5, 5), dtype=bool))))
WIDE_PICTURE = side_by_side(mask_picture(np.ones((12, 12), dtype=bool)), mask_picture(np.eye(12, dtype=bool)),
                            titles=("yours" + " " * 60, "expected"))
MASK_PROSE = ("causal_mask(5) is not the lesson's lower triangle (row i (a token) may use column j (a token) only "
              "when j ≤ i, so every cell above the diagonal must be False):")
NOTE = ("not implemented yet: prefill_seconds still has only `pass` in its body (the lesson asks for "
        "prefill_seconds(N, P, flops_per_sec, utilization=1.0))")


def make_report(picture: str = PICTURE) -> Report:
    return Report(lesson="prefill", title="E1.2 · Lesson 2 of 6: Prefill", submission="exercises/prefill", tasks=[
        TaskResult("prefill_flops", "prefill_flops(N, P): 2·N·P", 2.0,
                   [CheckResult("lesson", True), CheckResult("tiny", True)]),
        TaskResult("causal_mask", "causal_mask(P)", 3.0,
                   [CheckResult("shape", True), CheckResult("lower", False, MASK_PROSE + "\n" + picture, weight=2)]),
        TaskResult("prefill_seconds", "prefill_seconds(N, P, flops_per_sec, utilization=1.0)", 3.0,
                   [CheckResult("a", False, "prefill_seconds(7e9, 1000, 1e14) returned None; expected a number"),
                    CheckResult("b", False, "prefill_seconds(...) returned None")], note=NOTE),
    ])


def render(report: Report) -> str:
    stream = io.StringIO()
    TextFormat().write(report, stream)
    return stream.getvalue()


@pytest.fixture
def text() -> str:
    return render(make_report())


def row(text: str, task_id: str) -> str:
    rows = [line for line in text.splitlines() if line.split(" ", 1)[0] == task_id]
    assert len(rows) >= 1, f"no row for {task_id}"
    return rows[0]


def test_header_names_the_lesson_and_submission(text):
    assert text.splitlines()[0] == "E1.2 · Lesson 2 of 6: Prefill: exercises/prefill"


@pytest.mark.parametrize("task_id, score", [("prefill_flops", "2/2"), ("causal_mask", "1/3"),
                                            ("prefill_seconds", "0/3")])
def test_one_row_per_task_with_score(text, task_id, score):
    line = row(text, task_id)
    assert line.split()[1] == score


def test_rows_are_in_report_order(text):
    lines = text.splitlines()
    indexes = [lines.index(row(text, t)) for t in ("prefill_flops", "causal_mask", "prefill_seconds")]
    assert indexes == sorted(indexes)
    assert indexes[2] - indexes[0] == 2


def test_row_verdicts(text):
    assert row(text, "prefill_flops").endswith("all 2 checks pass")
    assert "1 of 2 checks pass; causal_mask(5) is not" in row(text, "causal_mask")
    assert "not implemented yet" in row(text, "prefill_seconds")


def test_verdict_column_is_aligned(text):
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("task"))
    assert row(text, "prefill_flops").index("all 2 checks") == header.index("verdict")


def test_what_to_fix_lists_failing_tasks_only(text):
    assert "What to fix" in text.splitlines()
    fix = text.split("What to fix", 1)[1]
    assert "causal_mask (causal_mask(P))" in fix
    assert "prefill_seconds (prefill_seconds(N, P, flops_per_sec, utilization=1.0))" in fix
    assert "prefill_flops" not in fix


def test_what_to_fix_has_the_messages(text):
    fix = " ".join(text.split("What to fix", 1)[1].split())
    assert " ".join(MASK_PROSE.split()) in fix
    assert " ".join(NOTE.split()) in fix
    assert "returned None" not in fix  # the note stands alone


def test_pictures_are_kept_line_by_line(text):
    lines = text.splitlines()
    for picture_line in PICTURE.splitlines():
        assert "    " + picture_line in lines


def test_total_line(text):
    lines = text.rstrip("\n").splitlines()
    assert lines[-1] == "Total: 3/8 (38%)"


def test_total_with_fractions():
    report = Report(lesson="x", title="", submission="s", tasks=[
        TaskResult("a", "", 1.0, [CheckResult("c", True), CheckResult("d", False), CheckResult("e", False)])])
    text = render(report)
    assert text.splitlines()[0] == "x: s"
    assert text.rstrip().splitlines()[-1] == "Total: 0.33/1 (33%)"
    assert row(text, "a").split()[1] == "0.33/1"


def test_all_passed_has_no_what_to_fix():
    report = make_report()
    report.tasks = report.tasks[:1]
    text = render(report)
    assert "What to fix" not in text
    assert text.rstrip().splitlines()[-1] == "Total: 2/2 (100%)"


@pytest.mark.parametrize("picture", [PICTURE, WIDE_PICTURE], ids=["picture", "wide-picture"])
def test_lines_fit_80_columns_except_pictures(picture):
    text = render(make_report(picture))
    picture_lines = {"    " + line for line in picture.splitlines()}
    long_lines = [line for line in text.splitlines() if len(line) > WIDTH and line not in picture_lines]
    assert long_lines == []


def test_wide_pictures_are_kept_unwrapped():
    assert max(len(line) for line in WIDE_PICTURE.splitlines()) > WIDTH
    lines = render(make_report(WIDE_PICTURE)).splitlines()
    for picture_line in WIDE_PICTURE.splitlines():
        assert "    " + picture_line in lines


# ---------------------------------------------------------------------------- bars, sandbox, output

@pytest.mark.parametrize("task_id, bar", [("prefill_flops", "██████████"), ("causal_mask", "███░░░░░░░"),
                                          ("prefill_seconds", "░░░░░░░░░░")])
def test_each_row_has_a_bar_of_its_share(text, task_id, bar):
    assert row(text, task_id).split()[2] == bar


def test_a_little_credit_shows_on_the_bar():
    report = Report(lesson="x", title="", submission="s", tasks=[
        TaskResult("a", "", 1.0, [CheckResult("c", True, weight=1), CheckResult("d", False, weight=40)])])
    assert row(render(report), "a").split()[2] == "█░░░░░░░░░"


def test_the_sandbox_is_named_under_the_header():
    report = make_report()
    report.sandbox = "limited (bwrap is not installed)"
    assert render(report).splitlines()[1] == "ran in: limited (bwrap is not installed)"
    assert "ran in" not in render(make_report())


def test_printed_output_only_in_an_instructors_report():
    report = make_report()
    report.output = "debug: 7919\n"
    assert "debug: 7919" in render(report.for_audience("instructor"))
    assert "debug: 7919" not in render(report.for_audience("student"))


# ---------------------------------------------------------------------------- colours on a terminal

class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def coloured(monkeypatch) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = Terminal()
    TextFormat().write(make_report(), stream)
    return stream.getvalue()


def test_a_terminal_gets_colours(coloured):
    assert ANSI.search(coloured)
    assert "\x1b[32m" in coloured and "\x1b[33m" in coloured  # green for passed, yellow for partial


def test_a_terminal_gets_the_same_content(coloured):
    plain = ANSI.sub("", coloured)
    for task_id in ("prefill_flops", "causal_mask", "prefill_seconds"):
        assert task_id in plain
    assert "What to fix" in plain
    assert "Total: 3/8 (38%)" in plain
    for picture_line in PICTURE.splitlines():
        assert "    " + picture_line in plain.splitlines()


def test_a_terminal_of_80_columns_is_not_overrun(coloured):
    plain = ANSI.sub("", coloured)
    picture_lines = {"    " + line for line in PICTURE.splitlines()}
    assert [line for line in plain.splitlines() if len(line.rstrip()) > WIDTH and line not in picture_lines] == []


def test_student_text_is_never_read_as_markup(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    report = make_report()
    report.tasks[1].checks[1].message = "[bold red]x[/bold red] returned [1, 2]"
    stream = Terminal()
    TextFormat().write(report, stream)
    assert "[bold red]x[/bold red] returned [1, 2]" in ANSI.sub("", stream.getvalue())


def test_plain_output_does_not_import_rich():
    code = ("import io, sys; from grader.formats.text import TextFormat; from grader.result import Report; "
            "TextFormat().write(Report('x', '', 's', []), io.StringIO()); print('rich' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.stdout.strip() == "False", result.stderr


# ---------------------------------------------------------------------------- diagnoses, short and verbose

HALF = Diagnosis("flops.missing-factor-2", "Your result is exactly half of what 2 · N · P gives: did you drop the "
                 "factor 2 for the multiply-add?")
IMPORT = "prefill.py could not be imported (SyntaxError, line 3): expected ':'\n    def prefill_flops(N, P)"


def diagnosed_report() -> Report:
    return Report(lesson="prefill", title="Prefill", submission="s", tasks=[
        TaskResult("prefill_flops", "2·N·P", 2.0, [
            CheckResult("lesson_example", False, "prefill_flops(7e9, 1000) returned 7e+12", diagnosis=HALF),
            CheckResult("smallest", False, "prefill_flops(1, 1) returned 1", diagnosis=HALF),
            CheckResult("other_sizes", False, "prefill_flops(2e9, 77) returned 1.54e11", diagnosis=HALF)]),
        TaskResult("causal_mask", "mask", 3.0, [
            CheckResult("lower_triangle", False, MASK_PROSE + "\n" + PICTURE, diagnosis=Diagnosis(
                "mask.transposed", "Your mask is the upper triangle."),
                pictures=(("yours", ((True, True), (False, True))), ("expected", ((True, False), (True, True)))))]),
    ])


def fix_section(text: str) -> str:
    return text.split("What to fix", 1)[1].split("Total:", 1)[0]


def test_a_diagnosis_leads_with_its_hint_once_and_the_details_wait_for_verbose():
    fix = fix_section(render(diagnosed_report()))
    flat = " ".join(fix.split())
    assert flat.count("did you drop the factor 2") == 1
    assert "7e+12" not in fix and "1.54e11" not in fix  # what each check saw: --verbose
    assert "(seen by lesson_example, smallest and other_sizes; --verbose shows what each saw)" in flat
    assert "flops.missing-factor-2" not in fix  # codes are for instructors and tools


def test_a_diagnosed_mask_shows_the_grids_under_its_hint():
    fix = fix_section(render(diagnosed_report()))
    lines = fix.splitlines()
    hint = next(i for i, line in enumerate(lines) if "upper triangle" in line)
    assert lines[hint + 1].split() == ["yours", "expected"]
    assert lines[hint + 2].split() == ["■", "■", "■", "·"]
    assert MASK_PROSE.split(":")[0] not in fix  # the check's own prose is a detail


def test_verbose_adds_what_each_check_saw_and_the_code():
    stream = io.StringIO()
    TextFormat(FormatOptions(verbose=True)).write(diagnosed_report(), stream)
    fix = fix_section(stream.getvalue())
    assert "[flops.missing-factor-2]" in fix
    for seen in ("prefill_flops(7e9, 1000) returned 7e+12", "prefill_flops(1, 1) returned 1",
                 "prefill_flops(2e9, 77) returned 1.54e11"):
        assert "      · " + seen in fix.splitlines()
    assert "--verbose" not in fix


def test_an_instructors_report_is_verbose_without_asking():
    text = render(diagnosed_report().for_audience("instructor"))
    assert "prefill_flops(7e9, 1000) returned 7e+12" in text
    assert "prefill_flops(7e9, 1000) returned 7e+12" not in fix_section(render(diagnosed_report()
                                                                                .for_audience("student")))


def test_an_import_error_comes_first_and_once():
    report = Report(lesson="prefill", title="", submission="s", tasks=[
        TaskResult("prefill_flops", "", 2.0, [CheckResult("a", False, IMPORT, error=True)]),
        TaskResult("causal_pairs", "", 2.0, [CheckResult("b", False, IMPORT, error=True)]),
        TaskResult("hand_pairs", "", 1.0, [CheckResult("answers.toml:pairs", False, "you answered 16")])])
    fix = fix_section(render(report))
    assert fix.count("could not be imported") == 1
    assert fix.index("could not be imported") < fix.index("hand_pairs")
    lines = fix.splitlines()
    first = lines.index("First, before anything else:")
    assert "could not be imported" in lines[first + 1] and lines[first + 2] == "        def prefill_flops(N, P)"
    assert "prefill_flops and causal_pairs cannot be graded" in " ".join(fix.split())
    assert "\nprefill_flops" not in fix and "\ncausal_pairs" not in fix  # held up, not listed again


def test_a_students_numbers_are_named_at_the_top():
    assert_names_a_students_numbers(render, make_report)
