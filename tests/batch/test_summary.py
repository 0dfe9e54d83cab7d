"""grader.batch.summary: per-task means and full-marks shares, the hardest task, a histogram, the refusals."""

from __future__ import annotations

import io
import re

from grader.batch.gradebook import Row
from grader.batch.summary import render, render_plain, render_rich, summarize

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def row(student, flops, mask, status="graded", reason=""):
    if status != "graded":
        return Row(student, status, 0.0 if status == "rejected" else None, None, reason, {})
    return Row(student, "graded", flops + mask, 5.0, "", {"flops": flops, "mask": mask})


ROWS = [row("a", 2, 3), row("b", 2, 0), row("c", 0, 1.5), row("d", 2, 3),
        row("e", 0, 0, "rejected", "e.zip: not a readable zip archive"), row("f", 0, 0, "error", "worker died")]


def test_means_full_marks_and_the_hardest_task():
    summary = summarize("prefill", TASKS, ROWS, graded_now=3, unchanged=3)
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
    render_plain(summarize("prefill", TASKS, ROWS, graded_now=3, unchanged=3), stream)
    text = stream.getvalue()
    assert text.splitlines()[0] == ("prefill: 6 submissions, 4 graded, 1 refused, 1 failed (retried on the next "
                                    "run); this run graded 3, 3 unchanged since an earlier run")
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
    summary = summarize("prefill", TASKS, ROWS[:4], kept=[("a", "worker died")])
    stream = io.StringIO()
    render_plain(summary, stream)
    first = stream.getvalue().splitlines()[0]
    assert first.startswith("prefill: 4 submissions, 4 graded, 1 failed this time and keep an earlier grade")
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
