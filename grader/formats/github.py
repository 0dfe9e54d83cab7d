"""GitHub Actions workflow commands: one annotation per task that lost points, at its code.

``::error file=prefill.py,line=10,title=...::message`` makes GitHub mark the line that
defines the failing student function in the pull request and the run summary, which is
where the student has to look. Lines come from parsing the source (grader.submission.lines), never
from importing it. Data and property values are escaped as the runner expects (%, CR, LF,
and in properties also ':' and ','), so a message cannot end the command early or start
another one, and a ``##[`` in it is made inert (``ci_safe``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

from grader.formats._common import FormatBase, points
from grader.result import Report
from grader.result.text import ci_safe


def _data(text: str) -> str:
    """A command's data: one line, and no ``##[`` (the runner's legacy parser obeys it anywhere)."""
    return ci_safe(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def _relative(path: str) -> str:
    """Annotations name files relative to the workspace, the folder the workflow runs in."""
    here = Path.cwd().resolve()
    full = Path(path).resolve()
    return os.path.relpath(full, here) if full.is_relative_to(here) else path


class GithubFormat(FormatBase):
    name = "github"

    def write(self, report: Report, stream: TextIO) -> None:
        lines = []
        for task in report.tasks:
            if task.status == "passed":
                continue
            level = "warning" if task.status == "partial" else "error"
            fields = []
            if task.source:
                fields += [f"file={_property(_relative(task.source[0]))}", f"line={task.source[1]}"]
            fields.append(f"title={_property(f'{task.id}: {points(task.score)}/{points(task.max_score)}')}")
            lines.append(f"::{level} {','.join(fields)}::{_data(task.feedback or task.verdict)}")
        total = f"{report.title or report.lesson}: {points(report.score)}/{points(report.max_score)} " \
                f"({report.percent:.0f}%)"
        lines.append(f"::notice title={_property('Grade')}::{_data(total)}")
        if report.sandbox_fallback:  # the machine's first choice failed the grader's canary
            lines.append(f"::warning title={_property('Sandbox')}::{_data(report.sandbox_fallback)}")
        stream.write("\n".join(lines) + "\n")
