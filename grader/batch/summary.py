"""What the class did: per-task means and full-marks shares, and a histogram of totals.

Printed at the end of a batch so that the instructor sees at a glance which task the
class found hardest (the lowest mean share of its points is marked) and how totals spread,
and which submissions were refused or failed, with the reason. Rendered with rich tables
on a terminal (``grader.terminal``) and as plain aligned text elsewhere (CI logs, files,
pipes).

Student names and reasons come from the class folder (a file name may hold a newline, an
ESC, a bidi override) and from what a submission raised, so each is shown through
``grader.result.text.shown`` as one inert line, and the whole text, plain or rich, through
``ci_safe``: a CI log that prints the summary must not obey a line a student wrote (rich
drops BEL and CR, but would pass ESC and ``::error::`` through).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from grader import terminal
from grader.result.text import ci_safe, shown

if TYPE_CHECKING:
    from rich.console import Console

MAX_LISTED = 10  # refused or failed submissions named one by one; the rest are counted
BAR_WIDTH = 40
NAME_LIMIT = 120  # characters of a student's name in the list of problems
REASON_LIMIT = 300  # characters of the first line of a reason


@dataclass(frozen=True)
class TaskSummary:
    id: str
    title: str
    max_score: float
    mean: float  # over graded submissions
    full_share: float  # the share of graded submissions with full marks on this task

    @property
    def mean_share(self) -> float:
        return self.mean / self.max_score if self.max_score else 1.0


@dataclass
class ClassSummary:
    lesson: str
    max_score: float
    tasks: list[TaskSummary]
    totals: list[float]  # of graded submissions
    graded_now: int = 0
    unchanged: int = 0
    problems: list[tuple[str, str, str]] = field(default_factory=list)  # (student, status, reason)
    # status "kept": grading failed this run but an earlier grade of the student stays in the gradebook
    notes: list[str] = field(default_factory=list)  # what went wrong after grading (the CSV could not be written)

    @property
    def hardest(self) -> list[TaskSummary]:
        """The tasks with the lowest mean share of their points (ties are all hardest)."""
        if not self.tasks or not self.totals:
            return []
        low = min(t.mean_share for t in self.tasks)
        return [t for t in self.tasks if t.mean_share <= low + 1e-9]

    def histogram(self) -> list[tuple[str, int]]:
        """(bin label, count): one bin per point when the maximum is a small whole number, else ten."""
        top = self.max_score
        if top <= 0:
            return []
        if top == int(top) and top <= 25:
            counts = [0] * (int(top) + 1)
            for total in self.totals:
                counts[min(math.floor(total + 1e-9), int(top))] += 1
            return [(f"{i:g}", c) for i, c in enumerate(counts)]
        width = top / 10
        counts = [0] * 10
        for total in self.totals:
            counts[min(int(total / width), 9)] += 1
        return [(f"{i * width:.3g}–{(i + 1) * width:.3g}", c) for i, c in enumerate(counts)]


def summarize(lesson: str, tasks: list[tuple[str, str, float]], rows, graded_now: int = 0,
              unchanged: int = 0, kept: list[tuple[str, str]] = ()) -> ClassSummary:
    """A summary of gradebook ``rows`` (grader.gradebook.Row) for ``tasks`` ((id, title, max) in order);
    ``kept`` lists (student, reason) whose grading failed this run while an earlier grade stays."""
    graded = [r for r in rows if r.status == "graded"]
    summaries = []
    for task_id, title, top in tasks:
        scores = [r.tasks.get(task_id, 0.0) for r in graded]
        mean = sum(scores) / len(scores) if scores else 0.0
        full = sum(1 for s in scores if s >= top - 1e-9) / len(scores) if scores else 0.0
        summaries.append(TaskSummary(task_id, title, top, mean, full))
    problems = [(r.student, r.status, r.reason) for r in rows if r.status != "graded"]
    problems += [(student, "kept", reason) for student, reason in kept]
    return ClassSummary(lesson, round(sum(t[2] for t in tasks), 6), summaries, [r.score or 0.0 for r in graded],
                        graded_now, unchanged, problems)


def headline(summary: ClassSummary) -> str:
    """One line: how many submissions, how they ended, how many this run graded."""
    refused = sum(1 for p in summary.problems if p[1] == "rejected")
    failed = sum(1 for p in summary.problems if p[1] == "error")
    kept = sum(1 for p in summary.problems if p[1] == "kept")  # already counted among the graded
    total = len(summary.totals) + refused + failed
    parts = [f"{len(summary.totals)} graded"] + ([f"{refused} refused"] if refused else []) \
        + ([f"{failed} failed (retried on the next run)"] if failed else []) \
        + ([f"{kept} failed this time and keep an earlier grade (retried on the next run)"] if kept else [])
    return (f"{summary.lesson}: {total} submissions, {', '.join(parts)}; this run graded {summary.graded_now}, "
            f"{summary.unchanged} unchanged since an earlier run")


def render_plain(summary: ClassSummary, stream) -> None:
    lines: list[str] = []

    def write(line: str = "") -> None:
        lines.append(line)
    write(headline(summary))
    if summary.totals:
        width = max(len(t.id) for t in summary.tasks)
        write()
        write(f"{'task':<{width}}  {'max':>5}  {'mean':>6}  {'full marks':>10}")
        for task in summary.tasks:
            mark = "  <- hardest" if task in summary.hardest else ""
            write(f"{task.id:<{width}}  {task.max_score:>5g}  {task.mean:>6.2f}  {task.full_share:>10.0%}{mark}")
        mean = sum(summary.totals) / len(summary.totals)
        write(f"{'total':<{width}}  {summary.max_score:>5g}  {mean:>6.2f}  "
              f"{sum(1 for t in summary.totals if t >= summary.max_score - 1e-9) / len(summary.totals):>10.0%}")
        write()
        write(f"totals (out of {summary.max_score:g})")
        bins = summary.histogram()
        label_width = max(len(label) for label, _ in bins)
        peak = max(count for _, count in bins) or 1
        for label, count in bins:
            write(f"{label:>{label_width}} | {'█' * round(BAR_WIDTH * count / peak):<{BAR_WIDTH}} {count}")
    _problems(summary, write)
    stream.write(ci_safe("".join(line + "\n" for line in lines)))


def render_rich(summary: ClassSummary, console: Console) -> None:
    """The summary as rich tables, captured and written through ``ci_safe`` as a whole."""
    with console.capture() as captured:
        _rich(summary, console)
    console.file.write(ci_safe(captured.get()))
    console.file.flush()


def _rich(summary: ClassSummary, console: Console) -> None:
    from rich.table import Table

    console.print(f"[bold]{headline(summary)}[/bold]")
    if summary.totals:
        table = Table(title="per task", title_justify="left")
        for name, justify in (("task", "left"), ("max", "right"), ("mean", "right"), ("full marks", "right")):
            table.add_column(name, justify=justify)
        for task in summary.tasks:
            style = "bold red" if task in summary.hardest else None
            table.add_row(task.id + ("  (hardest)" if style else ""), f"{task.max_score:g}", f"{task.mean:.2f}",
                          f"{task.full_share:.0%}", style=style)
        console.print(table)
        bins = summary.histogram()
        peak = max(count for _, count in bins) or 1
        histogram = Table(title=f"totals (out of {summary.max_score:g})", title_justify="left", show_header=False,
                          box=None)
        histogram.add_column(justify="right")
        histogram.add_column()
        histogram.add_column(justify="right")
        for label, count in bins:
            histogram.add_row(label, f"[cyan]{'█' * round(BAR_WIDTH * count / peak)}[/cyan]", str(count))
        console.print(histogram)
    _problems(summary, lambda line: console.print(line, markup=False, highlight=False))


def _problems(summary: ClassSummary, write) -> None:
    """Every refused or failed submission, one inert line each (``write(line)``); then the notes."""
    if summary.problems:
        write("")
        write("not graded:")
    for student, status, reason in summary.problems[:MAX_LISTED]:
        label = {"rejected": "refused", "error": "failed", "kept": "failed, earlier grade kept"}[status]
        write(f"  {shown(student, lines=False, limit=NAME_LIMIT)} ({label}): {first_line(reason)}")
    if len(summary.problems) > MAX_LISTED:
        write(f"  ... and {len(summary.problems) - MAX_LISTED} more (see the gradebook)")
    if summary.notes:
        write("")
    for note in summary.notes:
        write(shown(note, lines=False, limit=REASON_LIMIT))


def first_line(reason: str, limit: int = REASON_LIMIT) -> str:
    """A reason's first line as one inert line: what a summary or a CSV cell shows of it."""
    text = shown(reason, limit=limit * 4)  # CR, U+2028 and their kind become escapes: only a newline splits
    return shown(text.split("\n", 1)[0], lines=False, limit=limit)


def render(summary: ClassSummary, stream: TextIO) -> None:
    """Rich tables on a terminal, plain text elsewhere."""
    console = terminal.console(stream)
    if console is not None:
        render_rich(summary, console)
    else:
        render_plain(summary, stream)


def count_misconceptions(reports) -> Counter:
    """How many submissions show each misconception (once per submission, however many checks
    saw it). ``reports``: Reports or their ``to_dict()`` (what a gradebook keeps)."""
    counts: Counter = Counter()
    for report in reports:
        tasks = report["tasks"] if isinstance(report, dict) else [t.to_dict() for t in report.tasks]
        counts.update({d["code"] for task in tasks for d in task.get("diagnoses", [])})
    return counts
