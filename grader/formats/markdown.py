"""A Markdown summary for ``$GITHUB_STEP_SUMMARY``: the total, a table with a bar per task, what to fix.

GitHub renders it on the workflow run's page. Student text is untrusted markup: a verdict
or a submission's name goes in a code span and feedback in a code fence, each longer than
any run of backticks inside it, so a message can neither break the table nor render as a
link, an image, emphasis or HTML; the lesson's own text (titles) is escaped. No line of
the output can be taken for a GitHub workflow command (``ci_safe``).
"""

from __future__ import annotations

import re
from typing import TextIO

from grader.formats._common import LIMITED, FormatBase, bar, claim_note, numbers, points
from grader.result import Report
from grader.result.text import ci_safe

MARK = {"passed": "✅", "partial": "🟡", "failed": "❌", "error": "⛔"}


def _cell(text: str) -> str:
    """The lesson's own text (a title) in a table cell or heading: one line, no HTML, no table break."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    """Submission text as inline code: nothing in it renders; in a table, ``|`` still needs its escape."""
    text = " ".join(text.split())
    if not text:
        return ""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text.replace('|', chr(92) + '|')}{pad}{fence}"


def _fenced(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


class MarkdownFormat(FormatBase):
    name = "markdown"

    def write(self, report: Report, stream: TextIO) -> None:
        out = [(f"## {_cell(report.title or report.lesson)}: {points(report.score)}/{points(report.max_score)} "
                f"({report.percent:.0f}%)"), "",
               f"`{bar(report.score, report.max_score, 20)}` submission {_code(report.submission)}", "",
               *([_cell(numbers(report)), ""] if report.variant else []),
               "| task | score | | verdict |", "| --- | ---: | --- | --- |"]
        for task in report.tasks:
            out.append(f"| {MARK[task.status]} `{task.id}` | {points(task.score)}/{points(task.max_score)} | "
                       f"`{bar(task.score, task.max_score)}` | {_code(task.verdict)} |")
        failing = [t for t in report.tasks if t.status != "passed"]
        if failing:
            out += ["", "### What to fix"]
            for task in failing:
                out += ["", f"**{task.id}**" + (f" ({_cell(task.title)})" if task.title else ""), "",
                        _fenced(task.feedback)]
        if report.output:  # instructors only: Report.for_audience empties it for students
            out += ["", "<details><summary>What the submission printed</summary>", "", _fenced(report.output),
                    "", "</details>"]
        if report.sandbox:
            out += ["", f"<sub>ran in: {_cell(report.sandbox)}</sub>"]
        elif report.limited:  # a student's copy: the mode, never the machine's details (Report.for_audience)
            out += ["", f"<sub>{LIMITED}</sub>"]
        if report.sandbox_fallback:
            out += ["", f"> **Note:** {_cell(report.sandbox_fallback)}"]
        if claim_note(report):  # instructors only (Report.for_audience)
            out += ["", f"> **Note:** {_cell(claim_note(report))}"]
        stream.write(ci_safe("\n".join(out) + "\n"))
