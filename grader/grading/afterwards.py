"""What is said once every check of a submission has run (``runner.Checks.run_items``): over all of a task's
checks together, where one check's own calls say too little or its order would decide."""

from __future__ import annotations

from grader.grading.relations import relation_of_answered
from grader.result import CheckResult


def no_cause_beside_state(lesson, diagnose, results: dict[str, list[CheckResult]]) -> None:
    """A function a check proved to answer from state it kept (``domain``: right when called first in a fresh
    process, ``diagnose.proved`` holds ``state:<function>``) has no misconception named on its task's failed
    checks, whatever their order: their wrong answers came from that cache or global, and its check says so
    (issue 21's fourth held-out round: a mask cached at the first P called was told it is not (P, P))."""
    kept = diagnose.proved if diagnose is not None else set()
    for task in lesson.code_tasks:
        if f"state:{task.function}" in kept:
            for check in results.get(task.id, []):
                if not check.passed:
                    check.diagnosis = None


def relations_said(lesson, diagnose, reference, results: dict[str, list[CheckResult]]) -> None:
    """What all of a task function's answers have in common with the right ones (``grading.relations``), said
    on the first of its failed checks that named no diagnosis, once every check has run: over every call the
    function answered, where one check's own few calls may hold a single wrong answer (a count capped at 4096
    tokens is wrong only past it). Not where a domain check said one already, nor where the answers came from
    state kept between calls (``diagnose.proved`` holds ``relation:`` or ``state:`` and the function)."""
    if diagnose is None or reference is None:
        return
    for task in lesson.code_tasks:
        contract = lesson.contracts.get(task.function)
        failed = [c for c in results.get(task.id, []) if not c.passed and not c.error and not c.diagnosis]
        if not failed or contract is None or {f"relation:{task.function}", f"state:{task.function}"} & \
                diagnose.proved:
            continue
        found = relation_of_answered(task.function, contract.params, diagnose.answered.get(task.function, []),
                                     getattr(reference, task.function))
        # no input and no right answer in it, only what the function's answers are: a student reads it too
        failed[0].message, failed[0].safe_message = (joined(text, found) for text in
                                                     (failed[0].message, failed[0].safe_message))


def joined(detail: str, more: str) -> str:
    """A check's detail with one more sentence after its first line (the line that names the failing call)."""
    if not more or not detail:
        return detail or more
    first, _, rest = detail.partition("\n")
    return f"{first}{'' if first.endswith('.') else '.'} {more}" + (f"\n{rest}" if rest else "")
