"""grader.batch.summary: per-task means and full-marks shares, the hardest task, a histogram, the
misconceptions of the class, the refusals, and counts that add up."""

from __future__ import annotations

import io
import re

from grader.batch.gradebook import Row
from grader.batch.summary import RUN_KINDS, headline, misconceptions, render, render_plain, render_rich, summarize

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def row(student, flops, mask, status="graded", reason=""):
    if status != "graded":
        return Row(student, status, 0.0 if status == "rejected" else None, None, reason, {})
    return Row(student, "graded", flops + mask, 5.0, "", {"flops": flops, "mask": mask})


ROWS = [row("a", 2, 3), row("b", 2, 0), row("c", 0, 1.5), row("d", 2, 3),
        row("e", 0, 0, "rejected", "e.zip: not a readable zip archive"), row("f", 0, 0, "error", "worker died")]


def test_means_full_marks_and_the_hardest_task():
    summary = summarize("prefill", TASKS, ROWS, run={"graded": 3, "unchanged": 3})
    flops, mask = summary.tasks
    assert (flops.mean, flops.full_share) == (1.5, 0.75)
    assert (mask.mean, mask.full_share) == (7.5 / 4, 0.5)
    assert summary.hardest == [mask]  # 62.5% of its points on average against 75%
    assert summary.totals == [5.0, 2.0, 1.5, 5.0]


def test_the_histogram_has_a_bin_per_point_for_small_whole_maxima():
    summary = summarize("prefill", TASKS, ROWS)
    assert summary.histogram() == [("0", 0), ("1", 1), ("2", 1), ("3", 0), ("4", 0), ("5", 2)]
    summary.max_score = 100.0
    summary.totals = [0.0, 9.99, 10.0, 55.0, 100.0]
    bins = summary.histogram()
    assert len(bins) == 10 and [c for _, c in bins] == [2, 1, 0, 0, 0, 1, 0, 0, 0, 1]
    assert bins[0][0] == "0–10"


def test_plain_text_names_the_hardest_task_the_histogram_and_every_refusal():
    stream = io.StringIO()
    render_plain(summarize("prefill", TASKS, ROWS, run={"graded": 2, "unchanged": 2, "refused": 1, "failed": 1}),
                 stream)
    text = stream.getvalue()
    assert text.splitlines()[0] == ("prefill: 6 submissions, 4 graded, 1 refused, 1 failed (retried on the next "
                                    "run); this run graded 2, 2 unchanged since an earlier run, 1 refused, 1 failed")
    assert "mask" in [line.split()[0] for line in text.splitlines() if line.endswith("<- hardest")]
    assert "totals (out of 5)" in text
    assert "5 | ████████████████████████████████████████ 2" in text
    assert "  e (refused): e.zip: not a readable zip archive" in text
    assert "  f (failed): worker died" in text
    assert "\x1b[" not in text


def test_rich_tables_say_the_same_and_a_pipe_gets_plain_text():
    from rich.console import Console

    stream = io.StringIO()
    render_rich(summarize("prefill", TASKS, ROWS), Console(file=stream))
    assert "mask  (hardest)" in stream.getvalue() and "worker died" in stream.getvalue()
    piped = io.StringIO()
    render(summarize("prefill", TASKS, ROWS), piped)  # StringIO is not a terminal
    assert "<- hardest" in piped.getvalue()


def test_a_failure_that_kept_an_earlier_grade_is_named_but_not_counted_twice():
    summary = summarize("prefill", TASKS, ROWS[:4], run={"unchanged": 3, "kept": 1}, kept=[("a", "worker died")])
    stream = io.StringIO()
    render_plain(summary, stream)
    first = stream.getvalue().splitlines()[0]
    assert first == ("prefill: 4 submissions, 4 graded; this run graded 0, 3 unchanged since an earlier run, "
                     "1 failed while an earlier grade stays")
    assert "  a (failed, earlier grade kept): worker died" in stream.getvalue()


def test_a_class_with_no_grades_prints_only_what_happened():
    stream = io.StringIO()
    render_plain(summarize("prefill", TASKS, [row("e", 0, 0, "rejected", "bad")]), stream)
    assert "totals" not in stream.getvalue() and "e (refused): bad" in stream.getvalue()


# -- names and reasons from a class folder: one inert line each, nothing a CI runner obeys (issue 14) --

HOSTILE_ROWS = [row("alice", 2, 3),
                row("zed\nfake line", 0, 0, "rejected", "zed\nfake line.py: expected a folder"),
                row("::error::owned", 0, 0, "rejected", "::warning file=x::y\n::error::second line"),
                row("x##[error]y", 0, 0, "error", "internal error (ValueError: \ud800)"),
                row("esc\x1b]0;title\x07\x1b[31m", 0, 0, "rejected", "\x1b[2J\r##[group]reason\u202etxt.py")]
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def assert_inert(text: str) -> None:
    assert not RAW.search(text), ascii(text)
    for line in text.splitlines():
        assert not line.lstrip().startswith("::") and "##[" not in line, line
    assert not any(line.startswith("fake line") for line in text.splitlines())


def test_plain_text_shows_hostile_names_and_reasons_as_one_inert_line_each():
    stream = io.StringIO()
    render_plain(summarize("prefill", TASKS, HOSTILE_ROWS, kept=[("::kept::", "::error::a\nb")]), stream)
    text = stream.getvalue()
    assert_inert(text)
    assert "  zed\\nfake line (refused): zed\n" in text  # the name one line; a reason, its first line
    assert "esc\\x1b]0;title\\x07\\x1b[31m (refused)" in text


def test_rich_tables_show_them_as_inert_too():
    from rich.console import Console

    stream = io.StringIO()
    render_rich(summarize("prefill", TASKS, HOSTILE_ROWS), Console(file=stream, color_system=None, width=200))
    assert_inert(stream.getvalue())
    coloured = io.StringIO()
    render_rich(summarize("prefill", TASKS, HOSTILE_ROWS), Console(file=coloured, force_terminal=True, width=200))
    text = coloured.getvalue()
    assert "\x1b]" not in text and "\x1b[2J" not in text and "\x1b[31m" not in text  # only rich's own styles
    assert all(not line.lstrip().startswith("::") and "##[" not in line for line in text.splitlines())


# -- the counts add up (issue 16): each entry once in the gradebook's partition and once in this run's --

def numbers(line: str) -> tuple[int, list[int], list[int]]:
    """(submissions, the gradebook's counts, this run's counts) as the headline says them."""
    status, _, run = line.partition("; this run ")
    total = int(re.search(r"(\d+) submissions", status)[1])
    return (total, [int(n) for n in re.findall(r"(\d+) (?:graded|refused|failed)", status.split(", ", 1)[1])],
            [int(n) for n in re.findall(r"(?:graded )?(\d+)", run)])


def test_every_kind_of_entry_is_counted_once_in_each_part_of_the_headline():
    run = {"graded": 1, "unchanged": 1, "refused": 1, "conflict": 1, "failed": 1, "kept": 1}
    rows = [row("a", 2, 3), row("b", 0, 0), row("c", 1, 1), row("d", 0, 0, "rejected", "a .txt"),
            row("e", 0, 0, "rejected", "2 entries for this student"), row("f", 0, 0, "error", "worker died")]
    summary = summarize("prefill", TASKS, rows, run=run, kept=[("c", "worker died")])
    line = headline(summary)
    total, status, this_run = numbers(line)
    assert total == summary.submissions == len(rows) == sum(status) == sum(this_run) == sum(summary.run.values())
    assert status == [3, 2, 1] and this_run == [1, 1, 1, 1, 1, 1]
    assert "1 refused as a conflict" in line and "1 failed while an earlier grade stays" in line
    assert set(RUN_KINDS) == set(run)


def test_a_summary_without_a_run_counts_only_what_the_gradebook_holds():
    assert headline(summarize("prefill", TASKS, ROWS)) == ("prefill: 6 submissions, 4 graded, 1 refused, 1 failed "
                                                           "(retried on the next run)")


# -- the misconceptions of a class, counted from the diagnoses in the reports --

HALF = {"code": "flops.missing-factor-2", "hint": "Your result is exactly half of 2 · N · P? Each parameter costs two."}
DIAG = {"code": "mask.diagonal-missing", "hint": "Your mask leaves out the diagonal. A token sees itself."}
UPPER = {"code": "mask.transposed", "hint": "Your mask is the upper triangle."}
WORDING = {"flops.missing-factor-2": "prefill_flops returns N · P, exactly half of 2 · N · P"}


def report(**diagnoses) -> dict:
    """A report dict with the given diagnoses per task id (as the gradebook keeps it)."""
    return {"tasks": [{"id": task, "diagnoses": found, "checks": []} for task, found in diagnoses.items()]}


REPORTS = [("a", report(flops=[HALF], mask=[DIAG, UPPER])), ("b", report(flops=[HALF], mask=[])),
           ("c", report(flops=[], mask=[DIAG])), ("d", report(flops=[HALF], mask=[DIAG])),
           ("e", report(flops=[HALF]))]  # e was refused after all: a report of an earlier grade is not counted


def test_misconceptions_are_ranked_by_students_each_counted_once_in_the_catalogues_words():
    found = misconceptions(REPORTS[:4], ["flops", "mask"], WORDING)
    assert [(m.task, m.code, m.students) for m in found] == [
        ("flops", "flops.missing-factor-2", ("a", "b", "d")), ("mask", "mask.diagonal-missing", ("a", "c", "d")),
        ("mask", "mask.transposed", ("a",))]
    assert found[0].wording == WORDING["flops.missing-factor-2"]
    assert found[1].wording == "Your mask leaves out the diagonal."  # not in the catalogue: the hint's first sentence
    twice = misconceptions([("a", report(flops=[HALF, HALF])), ("a", report(flops=[HALF]))], ["flops"])
    assert [m.count for m in twice] == [1]


def test_a_report_without_a_task_list_of_diagnoses_counts_its_failing_checks():
    checks = [{"passed": False, "diagnosis": DIAG}, {"passed": False, "diagnosis": DIAG},
              {"passed": True, "diagnosis": UPPER}, {"passed": False}]
    old = {"tasks": [{"id": "mask", "checks": checks}]}
    assert [(m.code, m.count) for m in misconceptions([("a", old)], ["mask"])] == [("mask.diagonal-missing", 1)]


def test_the_summary_counts_only_graded_students_and_prints_the_most_common_per_task():
    summary = summarize("prefill", TASKS, ROWS, reports=REPORTS, wording=WORDING)
    assert [(m.code, m.count) for m in summary.misconceptions] == [
        ("flops.missing-factor-2", 3), ("mask.diagonal-missing", 3), ("mask.transposed", 1)]
    stream = io.StringIO()
    render_plain(summary, stream)
    text = stream.getvalue()
    block = text.split("most common misconceptions (students showing each, of 4 graded)\n", 1)[1].split("\n\n")[0]
    assert block.splitlines() == [
        "  flops",
        "    3  prefill_flops returns N · P, exactly half of 2 · N · P (flops.missing-factor-2)",
        "  mask",
        "    3  Your mask leaves out the diagonal. (mask.diagonal-missing)",
        "    1  Your mask is the upper triangle. (mask.transposed)"]
    assert text.index("totals (out of 5)") < text.index("most common") < text.index("not graded:")


def test_only_the_three_most_common_per_task_are_printed_and_the_rest_counted():
    many = [(s, report(mask=[{"code": f"mask.m{i}", "hint": f"hint {i}"} for i in range(k)]))
            for s, k in (("a", 5), ("b", 3), ("c", 1), ("d", 2))]
    stream = io.StringIO()
    render_plain(summarize("prefill", TASKS, ROWS, reports=many), stream)
    lines = stream.getvalue().splitlines()
    start = lines.index("  mask")
    assert lines[start + 1:start + 5] == [
        "    4  hint 0 (mask.m0)", "    3  hint 1 (mask.m1)", "    2  hint 2 (mask.m2)",
        "    ... and 2 more (see the class report: --class-report FILE)"]


def test_a_long_wording_loses_its_closing_example_first_then_is_cut_at_a_word():
    long = "causal_pairs returns the count of one token more or fewer, give or take one pair (a loop bound off by one)"
    summary = summarize("prefill", TASKS, ROWS, reports=[("a", report(flops=[{"code": "pairs.x", "hint": ""}]))],
                        wording={"pairs.x": long})
    stream = io.StringIO()
    render_plain(summary, stream)
    assert "    1  causal_pairs returns the count of one token more or fewer, give or take one pair (pairs.x)" in \
        stream.getvalue()
    endless = summarize("prefill", TASKS, ROWS, reports=[("a", report(flops=[{"code": "x.y", "hint": "word " * 80}]))])
    stream = io.StringIO()
    render_plain(endless, stream)
    line = next(line for line in stream.getvalue().splitlines() if line.endswith("(x.y)"))
    assert line.endswith("word… (x.y)") and len(line) < 120


def test_hostile_diagnosis_text_is_one_inert_line_in_the_summary():
    evil = {"code": "x.y\n::error::code", "hint": "::error::owned\nsecond\x1b[31m ##[group] line. More."}
    rows = [*HOSTILE_ROWS, row("::warning::w", 1, 1)]
    summary = summarize("prefill", TASKS, rows, reports=[("alice", report(flops=[evil])),
                                                          ("::warning::w", report(mask=[evil]))])
    stream = io.StringIO()
    render_plain(summary, stream)
    assert_inert(stream.getvalue())
    assert "x.y\\n::error::code" in stream.getvalue()


def test_rich_tables_list_the_misconceptions_as_text_never_as_markup():
    from rich.console import Console

    markup = {"code": "x.markup", "hint": "[bold red]loud[/] [/] [link=https://e]click[/link]"}
    summary = summarize("prefill", TASKS, ROWS, reports=[*REPORTS, ("b", report(mask=[markup]))], wording=WORDING)
    stream = io.StringIO()
    render_rich(summary, Console(file=stream, color_system=None, width=200))  # "[/]" as markup would raise
    text = stream.getvalue()
    assert "most common misconceptions (students showing each, of 4 graded)" in text
    row = r"flops +│ +3 │ prefill_flops returns N · P, exactly half of 2 · N · P +│ flops.missing-factor-2"
    assert re.search(row, text)
    assert "[bold red]loud[/] [/] [link=https://e]click[/link]" in text


def test_one_submission_is_said_in_the_singular():
    assert headline(summarize("prefill", TASKS, ROWS[:1])).startswith("prefill: 1 submission, 1 graded")


class _Exact:
    def right(self, task, given, expected):
        return float(given) == float(expected)

    def example(self, task):
        return None


def test_the_pairs_and_the_harder_choices_are_printed_plain_and_rich():
    """Seven students graded with numbers of their own: b and c hand in d's answers; a, e and f, given
    utilization 0.35, get hand_seconds wrong (two of the four given 0.5 have it right: d and g)."""
    numbers = {s: {"hand_flops": 2e13 + i * 1e12, "hand_seconds": 0.25 + i / 8} for i, s in enumerate("abcdefg")}
    given = {s: dict(numbers["d"] if s in "bc" else numbers[s]) for s in numbers}
    for s in "aef":
        given[s]["hand_seconds"] = 9.0
    rows, reports = [], []
    for s in numbers:
        full = {t: given[s][t] == numbers[s][t] for t in numbers[s]}
        rows.append(Row(s, "graded", sum(full.values()), 2.0, "", {t: float(ok) for t, ok in full.items()}))
        reports.append((s, {"tasks": [{"id": t, "score": float(ok), "max_score": 1.0} for t, ok in full.items()],
                            "variant": {"parameters": {"utilization": 0.35 if s in "aef" else 0.5},
                                        "answers": numbers[s]}, "answers_given": given[s]}))
    tasks = [("hand_flops", "", 1.0), ("hand_seconds", "", 1.0)]
    summary = summarize("prefill", tasks, rows, reports=reports, judge=_Exact())
    assert [(m.student, m.others, m.tasks) for m in summary.matches] == [
        ("b", ("d",), ("hand_flops", "hand_seconds")), ("c", ("d",), ("hand_flops", "hand_seconds"))]
    plain = io.StringIO()
    render_plain(summary, plain)
    from rich.console import Console

    rich = io.StringIO()
    render_rich(summary, Console(file=rich, color_system=None, width=200))
    for text in (plain.getvalue(), rich.getvalue()):
        assert "b: hand_flops, hand_seconds right for the numbers of d (2 of 2 wrong answers)" in text
        assert "d's numbers are in the answers of 2 students: b, c" in text
        assert "hand_seconds with utilization = 0.35: 0% (0 of 3), against 29% over the class" in text
    assert summarize("prefill", tasks, rows, reports=reports).matches == []  # no lesson to compare answers with


def test_with_a_roster_the_missing_and_the_unmatched_are_named_inert_and_capped():
    from grader.batch.summary import MAX_LISTED

    summary = summarize("prefill", TASKS, ROWS)
    plain = io.StringIO()
    render_plain(summary, plain)
    assert "roster" not in plain.getvalue()  # no roster, no roster lines
    summary.missing = [f"s{n:03}" for n in range(MAX_LISTED + 3)]
    summary.unmatched = ["b\x1b[31m"]
    plain = io.StringIO()
    render_plain(summary, plain)
    text = plain.getvalue()
    assert f"{MAX_LISTED + 3} on the roster without a submission (missing):" in text
    assert f"s{MAX_LISTED - 1:03} ... and 3 more (see the export)" in text and f"s{MAX_LISTED:03}" not in text
    assert "1 entries matching no student of the roster (kept, graded as they are):\n  b\\x1b[31m\n" in text
