"""The progress bar of a batch: count, rate and ETA while a class is graded.

Shown with rich on a terminal only (``grader.terminal``): a CI log or a file gets no bar
(a bar's redraws are noise there), only the summary at the end. rich is imported here,
when a bar is actually drawn, so single grading and the workers never pay for it.
"""

from __future__ import annotations

import sys

from grader import terminal


class BatchProgress:
    """``advance(outcome)`` once per result; a no-op when ``stream`` is not a terminal."""

    def __init__(self, total: int, description: str, stream=None):
        self.total = total
        self.description = description
        self.stream = stream if stream is not None else sys.stderr
        self._console = terminal.console(self.stream)
        self.problems = 0
        self._bar = None
        self._task = None

    def __enter__(self) -> BatchProgress:
        if self._console is not None and self.total:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 _rate_column(), TextColumn("ETA"), TimeRemainingColumn(),
                                 console=self._console, transient=False)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.description, total=self.total)
        return self

    def advance(self, outcome) -> None:
        if outcome.status != "graded":
            self.problems += 1
        if self._bar is not None:
            extra = f" ({self.problems} not graded)" if self.problems else ""
            self._bar.update(self._task, advance=1, description=self.description + extra)

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)
            self._bar = None


def _rate_column():
    """Submissions per second, as rich's speed estimate over the last half minute has it."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:5.1f}/s" if speed else "    ?/s", style="progress.data.speed")

    return RateColumn()
