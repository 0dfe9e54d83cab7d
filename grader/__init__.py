"""An auto-grader that never runs student code in the process that scores it.

Public surface: ``grade()`` returns a ``Report``; ``grader.exceptions`` holds every error
with its student-facing message. Everything else is internal. Names are loaded lazily so
that the worker process, which imports this package, pays only for what it uses.
"""

from __future__ import annotations

__all__ = ["grade", "Report", "TaskResult", "CheckResult"]


def __getattr__(name: str):
    if name == "grade":
        from grader.engine import grade

        return grade
    if name in ("Report", "TaskResult", "CheckResult"):
        from grader import result

        return getattr(result, name)
    raise AttributeError(f"module 'grader' has no attribute {name!r}")
