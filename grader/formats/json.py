"""The machine-readable report: the contract CI and other tools read.

Shape: ``{"lesson", "score", "max_score", "tasks": [{"id", "score", "max_score", "status",
"feedback", "checks": [{"name", "passed", "message"}]}]}``, plus extra keys (title,
submission, execution_time, per-check weight and description) that readers may ignore.
"""

from __future__ import annotations

import json

from grader.result import Report


class JsonFormat:
    def write(self, report: Report, stream) -> None:
        json.dump(report.to_dict(), stream, indent=2, ensure_ascii=False)
        stream.write("\n")
