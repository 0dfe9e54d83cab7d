"""grader.batch.progress: a bar with count, rate and ETA on a terminal, silence elsewhere."""

from __future__ import annotations

import io

from grader.batch.jobs import Outcome
from grader.batch.progress import BatchProgress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_drawn_when_not_on_a_terminal():
    stream = io.StringIO()
    with BatchProgress(3, "grading prefill", stream=stream) as progress:
        for status in ("graded", "rejected", "graded"):
            progress.advance(Outcome("s", status))
    assert stream.getvalue() == ""
    assert progress.problems == 1


def test_a_terminal_gets_count_rate_and_eta():
    stream = Terminal()
    with BatchProgress(4, "grading prefill", stream=stream) as progress:
        for status in ("graded", "error", "graded", "graded"):
            progress.advance(Outcome("s", status))
    text = stream.getvalue()
    assert "grading prefill (1 not graded)" in text
    assert "4/4" in text
    assert "/s" in text and "ETA" in text
