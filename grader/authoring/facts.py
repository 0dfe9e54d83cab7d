"""The lesson's headline numbers, which no solution may change.

Differential checks take their expected values from whichever solution is given, so an
instructor who swaps in their own solution defines the truth for the hidden suite. The
numbers the lesson text itself states (for Prefill: 1.4e13 FLOPs, 0.28 s, 10 and 15 causal
pairs) are not up to any solution, because students read them in the lesson. A lesson lists
them as ``[[facts]]`` in its manifest, and ``grader validate`` rejects a solution that does
not reproduce every one, saying which number and where the lesson states it. The engine
knows no number of its own: each lesson declares its facts.
"""

from __future__ import annotations

import math
import numbers
from pathlib import Path

from grader.exceptions import AnswerFormatError
from grader.grading.answers import load_answers, parse_choice, parse_number
from grader.lesson.manifest import Fact, Lesson


def check_facts(lesson: Lesson, solutions: Path) -> list[str]:
    """One sentence per fact that the solution folder ``solutions`` contradicts."""
    problems = []
    module = None
    for fact in lesson.facts:
        if fact.function:
            if module is None:
                from grader.grading.reference import load_reference  # imports numpy: only when a fact needs it

                module = load_reference(solutions / lesson.module, lesson) or False
            where = solutions / lesson.module
            got, problem = _call(module, fact) if module else (None, "cannot be called: the file is missing")
        else:
            where = solutions / lesson.answers
            got, problem = _answer(lesson, where, fact)
        shown = _call_text(fact) if fact.function else f"the answer '{fact.answer}'"
        if problem is None and not _agrees(got, fact):
            problem = f"{'gives' if fact.function else 'is'} {_show(got)}"
        if problem is not None:
            problems.append(f"{where}: {shown} {problem}, but the lesson says {_show(fact.expected)} "
                            f"({fact.says})")
    return problems


def _call(module, fact: Fact):
    function = getattr(module, fact.function, None)
    if not callable(function):
        return None, f"cannot be called: the module defines no function '{fact.function}'"
    try:
        return function(*fact.args), None
    except Exception as exc:  # noqa: BLE001 - an instructor's solution raising is reported, not re-raised
        return None, f"raises {type(exc).__name__}: {exc}"


def _answer(lesson: Lesson, path: Path, fact: Fact):
    answers, problem = load_answers(path if path.is_file() else None, lesson.answers)
    if answers is None:
        return None, f"is not there ({problem})"
    if fact.answer not in answers:
        return None, "is not there"
    spec = next(t.answer for t in lesson.tasks if t.answer and t.answer.key == fact.answer)
    try:
        if spec.kind == "number":
            return parse_number(answers[fact.answer], spec), None
        return parse_choice(answers[fact.answer], spec.choices), None
    except AnswerFormatError as exc:
        return None, f"cannot be read ({exc})"


def _agrees(got, fact: Fact) -> bool:
    if isinstance(fact.expected, str):
        return got == fact.expected
    if isinstance(got, bool) or not isinstance(got, numbers.Real):  # numpy's numbers are Real, its bool_ is not
        return False
    return math.isclose(float(got), fact.expected, rel_tol=fact.rel_tol)


def _call_text(fact: Fact) -> str:
    return f"{fact.function}({', '.join(_show(a) for a in fact.args)})"


def _show(value) -> str:
    """A number as the lesson writes it: 7e9 and 1.4e13, not 7000000000.0."""
    if isinstance(value, float) and value.is_integer() and abs(value) >= 1e6:
        mantissa, _, exponent = f"{value:.6g}".partition("e")
        return f"{mantissa}e{int(exponent)}"
    if isinstance(value, float):
        return f"{value:.6g}"
    return repr(value) if isinstance(value, str) else str(value)
