"""The terminal table: one row per task, then what to fix, then the total.

Plain text that reads the same in a terminal, a CI log or a file, and fits 80 columns.
"""

from __future__ import annotations

import textwrap

from grader.result import Report

WIDTH = 80


def _points(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


class TextFormat:
    def write(self, report: Report, stream) -> None:
        id_width = max([len("task")] + [len(t.id) for t in report.tasks])
        score_width = max(len(f"{_points(t.score)}/{_points(t.max_score)}") for t in report.tasks)
        verdict_width = max(20, WIDTH - id_width - score_width - 4)
        out = [f"{report.title or report.lesson}: {report.submission}", ""]
        out.append(f"{'task':<{id_width}}  {'score':>{score_width}}  verdict")
        out.append("-" * min(WIDTH, id_width + score_width + 4 + verdict_width))
        for task in report.tasks:
            score = f"{_points(task.score)}/{_points(task.max_score)}"
            verdict = task.verdict if len(task.verdict) <= verdict_width else task.verdict[: verdict_width - 1] + "…"
            out.append(f"{task.id:<{id_width}}  {score:>{score_width}}  {verdict}")
        failing = [t for t in report.tasks if t.status != "passed"]
        if failing:
            out += ["", "What to fix"]
            for task in failing:
                out.append(f"\n{task.id} ({task.title})" if task.title else f"\n{task.id}")
                for message in task.feedback.split("\n\n") if task.note else task.failures:
                    out.append(_bullet(message))
        out += ["", f"Total: {_points(report.score)}/{_points(report.max_score)} ({report.percent:.0f}%)"]
        stream.write("\n".join(out) + "\n")


def _bullet(message: str) -> str:
    """Wrap prose, but keep pictures and code lines exactly as they are."""
    first, *rest = message.splitlines() or [""]
    lines = textwrap.wrap(first, WIDTH - 4, initial_indent="  - ", subsequent_indent="    ") or ["  -"]
    lines += ["    " + line for line in rest]
    return "\n".join(lines)
