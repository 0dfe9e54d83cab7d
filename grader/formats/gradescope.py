"""Gradescope's ``results.json``: one test case per check, each with its own visibility.

Follows the Autograder Specifications' output format: top-level ``score``,
``execution_time``, ``output``, ``visibility`` and ``stdout_visibility``; ``tests[]`` with
``name``, ``score``, ``max_score``, ``status``, ``output``, ``visibility`` and ``tags``.
A check's visibility comes from the lesson manifest, so Gradescope shows or hides each
test as the instructor configured; in a student's report a secret check's output is
already reduced to the property that failed. The top-level score is given explicitly: it
is the grader's total, never Gradescope's re-summing of rounded test scores.
"""

from __future__ import annotations

from typing import TextIO

from grader.formats._common import LIMITED, FormatBase, json_text, numbers, points
from grader.result import Report


class GradescopeFormat(FormatBase):
    name = "gradescope"

    def write(self, report: Report, stream: TextIO) -> None:
        stream.write(json_text(results(report)))


def results(report: Report) -> dict:
    tests = []
    for number, task in enumerate(report.tasks, start=1):
        for sub, check in enumerate(task.checks, start=1):
            score, max_score = task.check_points(check)
            tests.append({
                "name": f"{task.id}: {check.name}",
                "number": f"{number}.{sub}",
                "score": score,
                "max_score": max_score,
                "status": "passed" if check.passed else "failed",
                "output": _test_output(task, check),
                "visibility": check.visibility,
                "tags": [task.id],
            })
    summary = [(f"{report.title or report.lesson}: {points(report.score)}/{points(report.max_score)} "
                f"({report.percent:.0f}%)")]
    summary += [numbers(report)] if report.variant else []
    summary += [f"{t.id}: {points(t.score)}/{points(t.max_score)} ({t.status})" for t in report.tasks]
    if report.sandbox:
        summary.append(f"ran in: {report.sandbox}")
    elif report.limited:  # a student's copy: the mode, never the machine's details (Report.for_audience)
        summary.append(LIMITED)
    if report.sandbox_fallback:
        summary.append(f"note: {report.sandbox_fallback}")
    if report.output:  # only in an instructor's report (Report.for_audience empties it for students)
        summary += ["", "What the submission printed:", report.output.rstrip("\n")]
    return {
        "score": report.score,
        "execution_time": round(report.execution_time, 3),
        "output": "\n".join(summary) + "\n",
        "output_format": "text",
        "test_output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }


def _test_output(task, check) -> str:
    lines = [check.description] if check.description else []
    if not check.passed and not task.note and check.diagnosis and check.diagnosis.hint not in check.message:
        lines.append(check.diagnosis.hint)  # the misconception first, then what the check saw
    if not check.passed:
        lines.append(task.note if task.note else check.message)
    return "\n\n".join(line for line in lines if line)
