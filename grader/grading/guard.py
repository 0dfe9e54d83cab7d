"""Every call into a submission is judged against the lesson's contract before it is made.

A check or a diagnosis that calls a function with arguments the lesson does not allow grades
what the lesson never asked (``grader.lesson.contract``): such a call is stopped before it
reaches the submission and raised as ``OutsideContract``, which is the suite's bug, never the
student's failure (``suite._check`` makes it an error result, so ``grader validate`` refuses
the lesson: the reference does not get full marks). A call outside the contract whose
outcome the lesson states, a ValueError (``outside = "ValueError"``), goes through.

``OutsideContract`` is a BaseException so that a check's ``except Exception`` around a student
call (the usual way to catch what the student raised) cannot swallow it.
"""

from __future__ import annotations

from grader.lesson.contract import OUTSIDE
from grader.lesson.manifest import Lesson


class OutsideContract(BaseException):
    """A check or a diagnosis called a student function outside the lesson's contract."""

    def __init__(self, function: str, reason: str):
        super().__init__(f"the suite called {function} outside the lesson's contract: {reason} "
                         f"(suites/<lesson>/lesson.toml, [contract.{function}])")
        self.function, self.reason = function, reason


def guard(lesson: Lesson | None, function: str, args: tuple, kwargs: dict) -> None:
    """Raise OutsideContract when the lesson declares ``function``'s contract and the call is outside it."""
    contract = lesson.contracts.get(function) if lesson is not None else None
    if contract is None:
        return
    verdict = contract.judge(tuple(args), dict(kwargs))
    if verdict.kind == OUTSIDE:
        raise OutsideContract(function, verdict.reason)
