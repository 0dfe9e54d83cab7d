"""The machine-readable report: the contract CI and other tools read.

Shape: ``{"lesson", "score", "max_score", "tasks": [{"id", "score", "max_score", "status",
"feedback", "checks": [{"name", "passed", "message"}]}]}``, plus extra keys (format_version,
title, submission, execution_time, sandbox, sandbox_fallback, limited, output, per-check weight, description
and visibility) that readers may ignore; a student's copy leaves sandbox and sandbox_fallback empty (the
grading machine's details), and says limited. ``SCHEMA`` is the JSON Schema of this shape, shipped with
the package so that consumers can validate against the version they were written for.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from grader.formats._common import FormatBase, json_text
from grader.result import Report

FORMAT_VERSION = 1
SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / f"report-{FORMAT_VERSION}.schema.json"


class JsonFormat(FormatBase):
    name = "json"

    def write(self, report: Report, stream: TextIO) -> None:
        stream.write(json_text({"format_version": FORMAT_VERSION, **report.to_dict()}))
