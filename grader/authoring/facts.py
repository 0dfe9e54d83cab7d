"""The lesson's headline numbers, which no solution may change.

Differential checks take their expected values from whichever solution is given, so an
instructor who swaps in their own solution defines the truth for the hidden suite. The
numbers the lesson text itself states (for Prefill: 1.4e13 FLOPs, 0.28 s, 10 and 15 causal
pairs) are not up to any solution, because students read them in the lesson. A lesson lists
them as ``[[facts]]`` in its manifest, and ``grader validate`` rejects a solution that does
not reproduce every one, saying which number and where the lesson states it. The engine
knows no number of its own: each lesson declares its facts.

The lesson's **signatures** bind a solution the same way (``check_signatures``): the names,
order and defaults of the parameters of every function in the students' skeleton. A solution
whose ``prefill_seconds`` defaults to ``utilization=0.5`` keeps every headline number (the
facts pass the utilization explicitly) and scores full marks on checks that take their
expected values from it, yet it grades correct students wrong on every call that leaves the
default out. Messages name the file (``prefill.py``), not the folder: ``grader validate``
says once which folder it validates.
"""

from __future__ import annotations

import ast
import math
import numbers
from pathlib import Path

from grader.exceptions import AnswerFormatError, ConfigError
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
            where = lesson.module
            got, problem = _call(module, fact) if module else (None, "cannot be called: the file is missing")
        else:
            where = lesson.answers
            got, problem = _answer(lesson, solutions / lesson.answers, fact)
        shown = _call_text(fact) if fact.function else f"the answer '{fact.answer}'"
        if problem is None and not _agrees(got, fact):
            problem = f"{'gives' if fact.function else 'is'} {_show(got)}"
        if problem is not None:
            problems.append(f"{where}: {shown} {problem}, but the lesson says {_show(fact.expected)} "
                            f"({fact.says})")
    return problems


def check_signatures(lesson: Lesson, skeleton: Path, solutions: Path) -> list[str]:
    """One sentence per function of the students' skeleton whose signature the solution changes.

    The truth is the skeleton in ``exercises/<lesson>/`` (``skeleton``), never the solution
    under validation: students receive exactly that file (for Prefill, the lesson's own
    skeleton byte for byte) and write their functions against its parameter names and
    defaults, and the checks call every submission the same way. A solution swapped in with
    ``--solutions`` changes nothing in ``exercises/``, so it cannot move the contract it is
    measured against. The course's own solution generates the skeleton, but only through
    ``grader stubs``: edited alone, ``grader stubs --check`` (run by ``make test``) and a
    release both refuse the drift, so a changed signature reaches students only as a
    deliberate change of their files. Annotations do not count (they change no call);
    defaults compare by value where both are literals (``1`` and ``1.0`` agree).
    """
    if not skeleton.is_file():
        raise ConfigError(str(skeleton), "is missing: 'grader stubs' writes the students' skeleton, which validation "
                          "compares the solution's signatures with")
    theirs = _functions(skeleton.read_text(encoding="utf-8"), str(skeleton))
    path = solutions / lesson.module
    try:
        ours = _functions(path.read_text(encoding="utf-8"), str(path)) if path.is_file() else None
    except ConfigError as exc:
        return [f"{lesson.module}: {exc.problem}"]
    if ours is None:
        return [f"{lesson.module}: is missing, so the skeleton's {len(theirs)} function(s) are not defined"]
    problems = []
    for name, node in theirs.items():
        if name not in ours:
            problems.append(f"{lesson.module}: defines no function {name}, which the skeleton declares as "
                            f"{_signature(node)}")
        elif not _same_parameters(node.args, ours[name].args):
            problems.append(f"{lesson.module}: defines {_signature(ours[name])}, but the skeleton students get "
                            f"declares {_signature(node)}")
    return problems


def _functions(source: str, where: str) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ConfigError(where, f"is not valid Python (line {exc.lineno}: {exc.msg})") from None
    return {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _signature(node) -> str:
    bare = ast.arguments(posonlyargs=[_bare(a) for a in node.args.posonlyargs],
                         args=[_bare(a) for a in node.args.args], vararg=_bare(node.args.vararg),
                         kwonlyargs=[_bare(a) for a in node.args.kwonlyargs], kw_defaults=node.args.kw_defaults,
                         kwarg=_bare(node.args.kwarg), defaults=node.args.defaults)
    return f"{node.name}({ast.unparse(bare)})"


def _bare(arg: ast.arg | None) -> ast.arg | None:
    return None if arg is None else ast.arg(arg=arg.arg)


def _same_parameters(a: ast.arguments, b: ast.arguments) -> bool:
    def names(x: ast.arguments):
        return ([p.arg for p in x.posonlyargs], [p.arg for p in x.args], x.vararg and x.vararg.arg,
                [p.arg for p in x.kwonlyargs], x.kwarg and x.kwarg.arg)
    return (names(a) == names(b) and len(a.defaults) == len(b.defaults)
            and all(_same_default(x, y) for x, y in zip(a.defaults, b.defaults, strict=True))
            and all(_same_default(x, y) for x, y in zip(a.kw_defaults, b.kw_defaults, strict=True)))


def _same_default(a: ast.expr | None, b: ast.expr | None) -> bool:
    if a is None or b is None:
        return a is b
    try:
        x, y = ast.literal_eval(a), ast.literal_eval(b)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return ast.unparse(a) == ast.unparse(b)
    numbers_ = (int, float, complex)
    if type(x) in numbers_ and type(y) in numbers_:  # bool is not among them: True is no 1
        return x == y or (x != x and y != y)  # NaN is NaN
    return type(x) is type(y) and x == y


def _call(module, fact: Fact):
    function = getattr(module, fact.function, None)
    if not callable(function):
        return None, f"cannot be called: the module defines no function '{fact.function}'"
    try:
        return function(*fact.args), None
    except Exception as exc:  # noqa: BLE001 - an instructor's solution raising is reported, not re-raised
        return None, f"raises {type(exc).__name__}: {exc}"


def _answer(lesson: Lesson, path: Path, fact: Fact):
    if not path.is_file():
        return None, f"is not there: the solution folder holds no {lesson.answers}"
    answers, problem = load_answers(path, lesson.answers)
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
