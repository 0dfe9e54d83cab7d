"""An auto-grader that never runs student code in the process that scores it.

The public surface, as docs/architecture.md's "Python API" lists it: ``grade()`` returns a ``Report``
(of ``TaskResult``s of ``CheckResult``s, a failure maybe carrying a ``Diagnosis``);
``GradingSession`` grades many submissions of one lesson with shared trusted state;
``grader.exceptions`` holds every error with its student-facing message; checks are
written with ``grader.checks``. Everything else is internal and may move.

Names are loaded on first use: a worker process loads this package on its way to the
codec (``grader.sandbox.inside``), and must pay for nothing else.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["CheckResult", "Diagnosis", "GradingSession", "Report", "TaskResult", "__version__", "grade"]

_LAZY = {
    "grade": ("grader.grading.engine", "grade"),
    "GradingSession": ("grader.grading.session", "GradingSession"),
    "Report": ("grader.result.model", "Report"),
    "TaskResult": ("grader.result.model", "TaskResult"),
    "CheckResult": ("grader.result.model", "CheckResult"),
    "Diagnosis": ("grader.result.model", "Diagnosis"),
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'grader' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
