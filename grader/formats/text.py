"""The terminal table: one row per task with a bar, then what to fix, then the total.

Plain text when the stream is not a terminal (a CI log, a file, a pipe), so that it reads
the same everywhere and costs nothing to produce; colours through rich only on a terminal
(``grader.terminal`` decides, honouring NO_COLOR, FORCE_COLOR and TERM=dumb), imported only
then, because every grade prints this and most are not looked at live. Either way the
submission's text has passed ``grader.result.text`` (no control character reaches a
terminal), and no line of the output can be taken for a GitHub workflow command
(``ci_safe``), since CI logs print this report.
Both fit 80 columns; pictures of masks are kept exactly as drawn, never wrapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from grader import terminal
from grader.formats._common import LIMITED, FormatBase, bar, claim_note, numbers, points
from grader.formats._fix import bullet, fix_lines
from grader.result import Report
from grader.result.text import ci_safe

if TYPE_CHECKING:
    from rich.console import Console

WIDTH = 80
MAX_COLOURED_WIDTH = 100  # wider tables are harder to read, not easier
STYLE = {"passed": "green", "partial": "yellow", "failed": "red", "error": "red"}


class TextFormat(FormatBase):
    name = "text"

    def write(self, report: Report, stream: TextIO) -> None:
        # what every check saw under each item of "What to fix": --verbose, and always for an instructor
        verbose = self.options.verbose or report.audience == "instructor"
        console = terminal.console(stream, highlight=False, emoji=False)
        if console is not None:
            with console.capture() as drawn:  # rendered first, so that no line of it can pose as a CI command
                _write_rich(report, console, verbose)
            stream.write(ci_safe(drawn.get()))
        else:
            stream.write(render_plain(report, verbose))


def _score(task) -> str:
    return f"{points(task.score)}/{points(task.max_score)}"


def _columns(report: Report) -> tuple[int, int, int]:
    id_width = max([len("task")] + [len(t.id) for t in report.tasks])
    score_width = max([len("score")] + [len(_score(t)) for t in report.tasks])
    verdict_width = max(20, WIDTH - id_width - score_width - len(bar(0, 1)) - 6)
    return id_width, score_width, verdict_width


def render_plain(report: Report, verbose: bool = False) -> str:
    id_width, score_width, verdict_width = _columns(report)
    bar_width = len(bar(0, 1))
    out = [f"{report.title or report.lesson}: {report.submission}"]
    out += [numbers(report)] if report.variant else []
    if report.sandbox:
        out.append(f"ran in: {report.sandbox}")
    elif report.limited:  # a student's copy: the mode, never the machine's details (Report.for_audience)
        out.append(LIMITED)
    if report.sandbox_fallback:  # the machine's first choice failed the grader's canary
        out.append(f"note: {report.sandbox_fallback}")
    if claim_note(report):  # instructors only (Report.for_audience)
        out.append(f"note: {claim_note(report)}")
    out += ["", f"{'task':<{id_width}}  {'score':>{score_width}}  {'':<{bar_width}}  verdict"]
    out.append("-" * min(WIDTH, id_width + score_width + bar_width + 6 + verdict_width))
    for task in report.tasks:
        verdict = task.verdict if len(task.verdict) <= verdict_width else task.verdict[: verdict_width - 1] + "…"
        out.append(f"{task.id:<{id_width}}  {_score(task):>{score_width}}  {bar(task.score, task.max_score)}  "
                   f"{verdict}")
    if any(t.status != "passed" for t in report.tasks):
        out += ["", "What to fix"] + [line for _, line in fix_lines(report, WIDTH, verbose)]
    if report.notes:  # about the submission as a whole, e.g. a notebook's cells that failed
        out += ["", "About the submission"] + [bullet(note, WIDTH) for note in report.notes]
    if report.output:
        out += ["", "What the submission printed (instructors only)"]
        out += ["  " + line for line in report.output.rstrip("\n").splitlines()]
    out += ["", f"Total: {points(report.score)}/{points(report.max_score)} ({report.percent:.0f}%)"]
    return ci_safe("\n".join(out) + "\n")  # CI logs show this: no line of it may be a workflow command


def _write_rich(report: Report, console: Console, verbose: bool = False) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    console.width = min(console.width, MAX_COLOURED_WIDTH)
    console.print(Text(report.title or report.lesson, style="bold"), Text(report.submission, style="dim"))
    if report.variant:
        console.print(Text(numbers(report)))
    if report.sandbox:
        console.print(Text(f"ran in: {report.sandbox}", style="dim"))
    elif report.limited:
        console.print(Text(LIMITED, style="dim"))
    if report.sandbox_fallback:
        console.print(Text(f"note: {report.sandbox_fallback}", style="yellow"))
    if claim_note(report):  # instructors only (Report.for_audience)
        console.print(Text(f"note: {claim_note(report)}", style="yellow"))
    id_width, score_width, _ = _columns(report)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=True, collapse_padding=True, padding=(0, 1))
    table.add_column("task", no_wrap=True, min_width=id_width)
    table.add_column("score", justify="right", no_wrap=True, min_width=score_width)
    table.add_column("", no_wrap=True, min_width=len(bar(0, 1)))
    table.add_column("verdict", overflow="ellipsis", no_wrap=True, ratio=1)
    for task in report.tasks:  # Text, never markup: a student's message may contain [brackets]
        style = STYLE[task.status]
        table.add_row(Text(task.id), Text(_score(task), style=style),
                      Text(bar(task.score, task.max_score), style=style), Text(task.verdict, style=style))
    console.print(table)
    if any(t.status != "passed" for t in report.tasks):
        console.print(Text("What to fix", style="bold underline"))
        for style, line in fix_lines(report, console.width, verbose):
            style = f"bold {STYLE[style]}" if style in STYLE else style
            console.print(Text(line, style=style), no_wrap=True, overflow="ignore", crop=False)
    if report.notes:
        console.print()
        console.print(Text("About the submission", style="bold underline"))
        for note in report.notes:
            console.print(Text(bullet(note, console.width)), no_wrap=True, overflow="ignore", crop=False)
    if report.output:
        console.print()
        console.print(Text("What the submission printed (instructors only)", style="bold"))
        console.print(Text(report.output.rstrip("\n")), overflow="fold")
    total_style = "bold green" if report.score == report.max_score else "bold"
    console.print()
    console.print(Text(f"Total: {points(report.score)}/{points(report.max_score)} ({report.percent:.0f}%)",
                       style=total_style))
