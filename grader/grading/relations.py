"""What a wrong numeric function's answers have in common with the right ones, over many inputs.

A single wrong answer says little: 0.399902 for 0.4 may be float16, rounding or a typo. Over
a check's whole draw (``grader.grading.domain``) one relation may hold on every input tried,
and then it is a fact about the student's function, not a guess: each answer is the right one
rounded to two decimals; each is exactly 1000 times the right one; the function answers what a
right one answers with two arguments swapped; it answers the same every time. The
feedback says that fact (principle 5: a symptom stated precisely, here the symptom of all
the inputs at once) and nothing about why.

A relation is reported only when it holds on every input tried, at least two of them answered
wrongly (one, for the right answer exactly at a round limit of an argument, or the lesson's own
answer asked something else: no coincidence gives those), and the right answers differ (a relation
that two equal answers satisfy says nothing).
The lesson's own misconception models (``grader.grading.models``) come first: a relation is the
feedback's last word only where no model agrees.
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from grader.checks import format_call
from grader.grading.curves import close as _same
from grader.grading.curves import linear as _linear
from grader.grading.curves import quadratic as _quadratic
from grader.grading.special import special_value as _special_value

MIN_WRONG = 2  # answers that differ from the right ones, for any relation to be said
_SCALES = {1e3: "1000 times", 1e-3: "a thousandth of", 1e6: "a million times", 1e-6: "a millionth of",
           1e9: "a billion (1e9) times", 1e-9: "a billionth (1e-9) of", 2.0: "twice", 0.5: "half of",
           8.0: "8 times", 0.125: "an eighth of", 100.0: "100 times", 0.01: "a hundredth of"}


@dataclass(frozen=True)
class Answer:
    args: tuple
    got: float
    want: float
    whole: bool = False  # the function returned an integer type (int, numpy int), not a float


def describe_relation(function: str, names: tuple[str, ...], answers: list[Answer],
                      reference: Callable, examples: dict | None = None) -> str:
    """One sentence naming the relation every answer has to the right one, or "" when none holds.
    ``examples``: the lesson's own value of some arguments (the contract's ``example``), by name."""
    answers = [a for a in answers if math.isfinite(a.want)]
    wrong = [a for a in answers if not _same(a.got, a.want)]
    if not wrong or len({a.want for a in answers}) < 2:
        return ""
    tried = f"on all {len(answers)} inputs it answered"  # (not those it refused: no relation holds there)
    if len(wrong) < MIN_WRONG:  # one wrong answer: only the right one exactly at a round limit or the lesson's own
        found = _capped(function, names, answers, reference) or \
            _example_answer(function, names, answers, reference, examples or {}) or \
            _rescaled_past(function, names, answers, reference, unique=True)  # no coincidence gives these
        return f"{tried.capitalize()}, {found}." if found else ""
    found = _fixed_at_example(function, names, answers, reference, examples or {}) or \
        _example_answer(function, names, answers, reference, examples or {})
    if found:
        return f"{tried.capitalize()}, {found}."
    for finder in (_constant, _swapped, _rounded, _scaled, _inverse, _shifted, _low_precision, _whole_for_int,
                   _arguments_cut, _rescaled_past, _inverse_past, _capped, _answer_capped, _special_value, _linear,
                   _quadratic, _unmoved):
        found = finder(function, names, answers, reference)
        if found:
            return f"{tried.capitalize()}, {found}."
    return ""


def relation_of_answered(function: str, params, answered: list, reference: Callable) -> str:
    """``describe_relation`` over every call of ``function`` a submission answered (``Diagnose.answered``: what
    the checks asked, the models' probes, the draws over the contract), its keyword arguments put in the
    contract's order (``params``: its ``Param``s); "" when any answer is no real number, or the right one is no
    float (a bool, an array), as no relation of numbers then says anything. More calls make the relation a
    stronger fact: one check's own calls may hold a single wrong answer where the function is wrong on many."""
    names, answers = tuple(p.name for p in params), []
    try:
        signature = inspect.signature(reference)
    except (TypeError, ValueError):
        return ""
    for args, kwargs, got in answered:
        try:  # every argument in its place, defaults included: the relations read each by its position
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            continue
        bound.apply_defaults()
        args = tuple(bound.arguments[n] for n in names if n in bound.arguments)
        if len(args) != len(names):
            continue
        try:
            want = reference(*args)
        except Exception:  # noqa: BLE001, S112 - an input the reference refuses is no evidence of a relation
            continue
        if isinstance(got, (bool, np.bool_)) or not isinstance(got, (int, float, np.integer, np.floating)) \
                or isinstance(want, (np.ndarray, bool, np.bool_)):
            return ""
        try:
            answers.append(Answer(tuple(args), float(got), float(want),
                                  isinstance(got, (int, np.integer)) and not isinstance(want, (int, np.integer))))
        except OverflowError:
            continue
    examples = {p.name: p.example for p in params if p.example is not None}
    return describe_relation(function, names, answers, reference, examples)


def _agrees(answers, reference, change) -> bool:
    """Every answer is the right one for its arguments as ``change`` moves them, a finite one (an argument moved to 0
    that divides gives inf, as an answer that is inf for another reason does: no evidence of the move)."""
    try:
        return all(math.isfinite(moved := float(reference(*change(a.args)))) and _same(a.got, moved) for a in answers)
    except Exception:  # noqa: BLE001 - arguments moved outside the reference's domain: not this relation
        return False


def _fixed_at_example(function, names, answers, reference, examples) -> str:
    """The right answers with some arguments held at the lesson's own values, whatever is passed: the
    worked example's numbers written into the code (TTFT 0.2 s whatever ttft is)."""
    fixed = [i for i, name in enumerate(names) if name in examples]
    for size in range(1, len(fixed) + 1):
        for subset in itertools.combinations(fixed, size):
            if all(a.args[i] == examples[names[i]] for a in answers for i in subset):
                continue
            def held(args, subset=subset):
                return [examples[names[i]] if i in subset else x for i, x in enumerate(args)]
            if _agrees(answers, reference, held):
                said = " and ".join(f"{names[i]} = {examples[names[i]]:g}" for i in subset)
                which = " and ".join(names[i] for i in subset)
                return (f"{function} answers what a right one answers for {said}, the lesson's own "
                        f"value{'s' if size > 1 else ''}, whatever {which} {'are' if size > 1 else 'is'} asked: "
                        f"the worked example's number is written into the code where the argument belongs")
    return ""


def _example_answer(function, names, answers, reference, examples) -> str:
    """Every answer at the values the wrong ones share with the lesson's own call is that call's (``if n_out == 5:
    return 12.5``), every other one right. From one wrong answer too: no coincidence gives the example's answer."""
    own = tuple(examples.get(n) for n in names)
    try:
        lesson = float(reference(*own))
    except Exception:  # noqa: BLE001 - no example for every argument, or the reference refuses it: no relation
        return ""
    wrong = [a for a in answers if not _same(a.got, a.want)]
    shared = [i for i in range(len(names)) if all(a.args[i] == own[i] for a in wrong)]
    at = [all(a.args[i] == own[i] for i in shared) for a in answers]  # where the answer must be the lesson's
    if not shared or not all(_same(a.got, lesson if here else a.want) for a, here in zip(answers, at, strict=True)):
        return ""
    others = " and ".join(n for i, n in enumerate(names) if i not in shared)
    return (f"every answer with {' and '.join(f'{names[i]} = {own[i]:g}' for i in shared)} is {lesson:g}, the right "
            f"answer of the lesson's own call {format_call(function, own, {})}, whatever {others}, and every other "
            "answer is right: the worked example's answer is returned for other arguments")


def _whole_for_int(function, names, answers, reference) -> str:
    """Wrong answers only for calls with an int argument, each an integer cut from the right answer:
    integer arithmetic (np.reciprocal of an int, //) that keeps an int argument's type."""
    wrong = [a for a in answers if not _same(a.got, a.want)]
    if not all(a.whole and any(type(x) is int or isinstance(x, np.integer) for x in a.args)
               and a.got == math.trunc(a.want) for a in wrong):
        return ""
    example = wrong[0]
    return (f"the wrong answers are all for an int argument, and each is an integer, the right answer cut to a "
            f"whole number ({format_call(function, example.args, {})} gives {example.got:g}, not {example.want:g}): "
            "the arithmetic stays in integers for an int argument (numpy's reciprocal or // of an int keeps it "
            "whole); compute in floating point, as 1 / x does")


def _arguments_cut(function, names, answers, reference) -> str:
    """The right answers for the float arguments (all, or one) cut to whole thousandths (milliseconds) or
    fewer decimals."""
    count = len(answers[0].args)
    for digits in (3, 2, 1, 0):
        scale = 10 ** digits
        for way, cut in (("cut (rounded down)", math.floor), ("rounded", round)):
            for which in (None, *range(count)):
                def moved(args, cut=cut, scale=scale, which=which):
                    return [cut(x * scale) / scale if isinstance(x, (float, np.floating)) and which in (None, k)
                            else x for k, x in enumerate(args)]
                if not all(_cut_agrees(a, reference, moved) for a in answers):
                    continue
                where = "whole numbers" if digits == 0 else "whole thousandths (milliseconds, for a time)" \
                    if digits == 3 else f"{digits} decimal place{'s' if digits > 1 else ''}"
                what = "its arguments" if which is None else names[which]
                return (f"each answer is the right one for {what} {way} to {where}: the function rounds what it "
                        "is given before it computes; use the arguments as they are")
    return ""


def _cut_agrees(answer: Answer, reference, moved) -> bool:
    """The answer is the right one for its arguments cut; where the cut makes an argument 0 (a time under a
    millisecond cut to 0 ms), which the reference refuses, the right one for the smallest positive value
    instead, or 0."""
    cut = moved(answer.args)
    try:  # (an inf where the cut divides by 0, numpy's, is no answer to match: as refused)
        if math.isfinite(value := float(reference(*cut))):
            return _same(answer.got, value)
    except Exception:  # noqa: BLE001, S110 - the reference refuses the cut arguments: a time cut to 0 s
        pass
    if not any(x == 0 != y for x, y in zip(cut, answer.args, strict=False)):
        return False
    barely = [math.ulp(0.0) if x == 0 != y else x for x, y in zip(cut, answer.args, strict=False)]
    try:  # the smallest positive number for the zero: what the cut arithmetic gives where the formula is a sum
        return answer.got == 0 or (math.isfinite(value := float(reference(*barely))) and _same(answer.got, value))
    except Exception:  # noqa: BLE001 - refused even so: not this relation
        return False


def _capped(function, names, answers, reference) -> str:
    """The right answers with one argument held at a cap wherever it is larger (a context limit of 4096
    tokens the lesson never sets)."""
    wrong = [a for a in answers if not _same(a.got, a.want)]
    for i, name in enumerate(names):
        try:
            values = [float(a.args[i]) for a in answers]
        except (TypeError, ValueError, IndexError):
            continue
        for cap in _CAPS:
            if not all(float(a.args[i]) > cap for a in wrong):
                continue
            if _agrees(answers, reference, _one_moved(i, lambda x, cap=cap: min(x, type(x)(cap)))) \
                    and max(values) > cap:
                return (f"each answer is the right one for {name} = {cap:g} wherever {name} is larger: the function "
                        f"caps {name} at {cap:g}, a limit the lesson does not set")
    return ""


def _answer_capped(function, names, answers, reference) -> str:
    """The right answers up to a largest value, and that value wherever the right one is larger (a rate held
    at 1000 tokens/s): a cap on the answer, where ``_capped`` finds one on an argument."""
    cap = max(a.got for a in answers)
    if not math.isfinite(cap) or len({a.want for a in answers if a.want > cap and _same(a.got, cap)}) < MIN_WRONG:
        return ""  # (held at it for two right answers or more: one overflowed call asked twice is no cap)
    if all(_same(a.got, min(a.want, cap)) for a in answers):
        return (f"each answer is the right one up to {cap:g}, and {cap:g} wherever the right one is larger: the "
                f"function caps its answer at {cap:g}, a limit the lesson does not set")
    return ""


def _one_moved(i: int, change: Callable) -> Callable:
    """Arguments with the i-th changed by ``change``, the others as they are: a relation's ``change``."""
    return lambda args: [change(x) if k == i else x for k, x in enumerate(args)]


_CAPS = (512, 1000, 1024, 2048, 4096, 8192, 10_000, 16_384, 32_768, 65_536, 100_000, 131_072, 1e6)


_UNITS = (("large", lambda x, factor: x / factor, ((1000, "milliseconds"), (8, "bits"), (1e6, "microseconds"))),
          ("small", lambda x, factor: x * factor,
           ((1e9, "billions"), (1e6, "millions"), (1e3, "thousands"), (1e12, "trillions (tera)"))))


def _rescaled_past(function, names, answers, reference, unique: bool = False) -> str:
    """The right answers, but for one argument divided by 1000 (or 8, 10⁶) or times 10⁹ (10⁶, 1000, 10¹²) wherever
    an argument is past some value, that one (an ITL of 2 read as 2 ms, a rate of 1 FLOP/s as 1 TFLOP/s) or another
    (an ITL read as ms once n_out passes 1000): a value read in another unit past a threshold the code chose.
    ``unique``: one wrong answer, said only where one argument alone fits it, past its own threshold (a product of
    the arguments moves alike for several, and one answer is past some value of every argument)."""
    wrong, right = [a for a in answers if not _same(a.got, a.want)], [a for a in answers if _same(a.got, a.want)]
    found = []
    for i in range(len(names)):
        for size, move, units in _UNITS:
            unit = next((u for u in units
                         if _agrees(wrong, reference, _one_moved(i, lambda x, f=u[0], m=move: m(x, f)))), None)
            for j in (i, *(k for k in range(len(names)) if k != i)) if unit else ():  # its own threshold first
                if (j == i or not unique) and (said := _past(names, i, j, size, unit, wrong, right)):
                    found.append((j == i, said))
                    break
    own, other = [t for mine, t in found if mine], [t for mine, t in found if not mine]
    if own:  # its own threshold first: n_out read as thousands past an elapsed is elapsed read in milliseconds
        return own[0] if len(own) == 1 or not unique else ""
    return other[0] if len(other) == 1 else ""  # another's threshold: only where no other argument fits


def _past(names, i: int, j: int, size: str, unit, wrong, right) -> str:
    """The words for argument i read in ``unit`` wherever argument j is past a value, or "" where j splits nothing."""
    try:
        wrong_j, right_j = [float(a.args[j]) for a in wrong], [float(a.args[j]) for a in right]
    except (TypeError, ValueError, IndexError):
        return ""
    name, factor, words = names[i], unit[0], unit[1]
    moved = f"{name} divided by {factor:g}" if size == "large" else f"{name} times {factor:g}"
    plain = "in the same unit, however large" if size == "large" else "in its plain unit, however small"
    for above in ((size == "large",) if j == i else (True, False)):
        if not (edge := _edge(names[j], wrong_j, right_j, above)):
            continue
        if j == i:
            return (f"each wrong answer is the right one for {moved}, for {name} {edge}: the function reads a "
                    f"{size} {name} as {words} and converts it; the lesson's {name} is always {plain}")
        return (f"each wrong answer is the right one for {moved}, for {names[j]} {edge}: the function reads {name} "
                f"as {words} there; the lesson's {name} is always {plain}")
    return ""


def _edge(name: str, wrong: list[float], right: list[float], above: bool) -> str:
    """Where an argument's value splits the wrong answers from the right ones: "of 2 or more, and right for every
    itl up to 0.4595" (``above``: the wrong ones past every right one), or "" where it does not split them so."""
    if above and min(wrong) > max(right, default=-math.inf):
        return f"of {min(wrong):g} or more" + (f", and right for every {name} up to {max(right):g}" if right else "")
    if not above and max(wrong) < min(right, default=math.inf):
        return f"of {max(wrong):g} or less" + (f", and right for every {name} from {min(right):g}" if right else "")
    return ""


def _constant(function, names, answers, reference) -> str:
    values = {a.got for a in answers}
    if len(values) == 1 and len(answers) >= 3:  # (two answers alike are no rule of "every time")
        return f"{function} returns {answers[0].got:g} every time, while the right answers differ"
    return ""


def _unmoved(function, names, answers, reference) -> str:
    """Answers that stay the same where one argument alone changes and the right ones change, on at least three
    values of it, and no answer that changes with it: the answers do not depend on that argument (a time replaced by
    the worked example's). Not where the answer that stays is 0, which a time cut to whole seconds gives too."""
    for i, name in enumerate(names):
        groups: dict[tuple, list] = {}
        try:
            for a in answers:
                groups.setdefault(tuple(x for k, x in enumerate(a.args) if k != i), []).append(a)
            varied = [g for g in groups.values() if len({a.args[i] for a in g}) > 1 and len({a.want for a in g}) > 1]
        except TypeError:  # an argument that is no plain value (an array): no groups of it
            return ""
        if sum(len(g) for g in varied) >= 3 and all(len({a.got for a in g}) == 1 and g[0].got != 0 for g in varied):
            return (f"each answer stays the same where only {name} changes ({sum(len(g) for g in varied)} calls "
                    f"that differ in {name} alone), while the right one changes with it")
    return ""


def _swapped(function, names, answers, reference) -> str:
    """The right function's answers with two arguments exchanged (a signature or a formula that swaps them)."""
    count = len(answers[0].args)
    for i, j in itertools.combinations(range(min(count, len(names))), 2):
        def swapped(args, i=i, j=j):
            moved = list(args)
            moved[i], moved[j] = moved[j], moved[i]
            return moved
        try:
            if all(_same(a.got, float(reference(*swapped(a.args)))) for a in answers):
                example = next(a for a in answers if not _same(a.got, a.want))  # where the swap shows
                return (f"{function} answers what a right one answers with {names[i]} and {names[j]} exchanged: "
                        f"{format_call(function, example.args, {})} gives what a right "
                        f"{format_call(function, tuple(swapped(example.args)), {})} gives")
        except Exception:  # noqa: BLE001, S112 - a swap outside the reference's domain is not this relation
            continue
    return ""


def _rounded(function, names, answers, reference) -> str:
    for digits in (*range(0, 7), -1, -2, -3, -6):  # and to tens, hundreds, thousands, millions: round(x, -3)
        if all(a.got == round(a.want, digits) for a in answers):
            where = "a whole number" if digits == 0 else f"{digits} decimal place{'s' if digits > 1 else ''}" \
                if digits > 0 else f"the nearest {10 ** -digits:,}"
            return f"each answer is the right one rounded to {where}: return it unrounded"
    if all(a.got == math.floor(a.want) for a in answers):
        return "each answer is the right one rounded down to a whole number (// or int()): return it unrounded"
    significant = [d for d in range(1, 6) if all(_same(a.got, float(f"{a.want:.{d}g}")) for a in answers)]
    if significant:
        return f"each answer is the right one rounded to {significant[0]} significant digits: return it unrounded"
    return ""


def _scaled(function, names, answers, reference) -> str:
    ratios = [a.got / a.want for a in answers if a.want != 0]
    if len(ratios) != len(answers) or not ratios:
        return ""
    for factor, words in _SCALES.items():
        if all(_same(r, factor) for r in ratios):
            return f"each answer is {words} the right one"
    return ""


def _inverse(function, names, answers, reference) -> str:
    if all(a.want != 0 and _same(a.got, 1 / a.want) for a in answers):
        return "each answer is 1 divided by the right one: the ratio is upside down"
    return ""


def _inverse_past(function, names, answers, reference) -> str:
    """Every wrong answer 1 divided by the right one, and the wrong ones exactly past a value of one argument, no
    other splitting them alike (an ITL of 1 s or more taken for a rate already, and returned: round 9's tc25)."""
    wrong, right = [a for a in answers if not _same(a.got, a.want)], [a for a in answers if _same(a.got, a.want)]
    if not right or not all(a.want != 0 and _same(a.got, 1 / a.want) for a in wrong):
        return ""
    said = []
    for i, name in enumerate(names):
        try:
            wrong_i, right_i = [float(a.args[i]) for a in wrong], [float(a.args[i]) for a in right]
        except (TypeError, ValueError, IndexError):
            continue
        if edge := _edge(name, wrong_i, right_i, True) or _edge(name, wrong_i, right_i, False):
            said.append(f"for {name} {edge}")
    return (f"each wrong answer is 1 divided by the right one, {said[0]}: past a value the code sets, it answers "
            "upside down") if len(said) == 1 else ""


def _shifted(function, names, answers, reference) -> str:
    """The right answers for one argument one less (or more) than asked: request_seconds' n_out − 2 gaps of ITL
    where n_out − 1 are asked. An answer whose shifted argument the reference refuses (n_out = 0) counts when right."""
    for i, name in enumerate(names):
        for step in (-1, 1):
            def shifted(answer, i=i, step=step):
                args = [x + step if k == i else x for k, x in enumerate(answer.args)]
                try:
                    return math.isfinite(moved := float(reference(*args))) and _same(answer.got, moved)  # (0 divides)
                except Exception:  # noqa: BLE001 - the shifted value is outside the reference's domain
                    return _same(answer.got, answer.want)
            if all(isinstance(a.args[i], (int, float, np.integer, np.floating)) and shifted(a) for a in answers):
                return f"each answer is the right one for {name} {'−' if step < 0 else '+'} 1 in place of {name}"
    return ""


def _low_precision(function, names, answers, reference) -> str:
    """Every answer within a few units of float32's (or float16's) rounding of the right one, some answer further
    off than the narrower type's rounding would leave it, and every answer a value of that type (P²/2 for
    P(P + 1)/2 past a bound is off by as little, in float64)."""
    half_max = float(np.finfo(np.float16).max)
    overflowed = [a for a in answers if math.isinf(a.got) and abs(a.want) > half_max and (a.got > 0) == (a.want > 0)]
    errors = [abs(a.got - a.want) / abs(a.want) if a.want else (0.0 if a.got == 0 else math.inf)
              for a in answers if a not in overflowed]
    if not errors:
        return ""
    worst = max(errors)
    single = 4 * float(np.finfo(np.float32).eps)
    for dtype, digits, finer in ((np.float32, "about 7", 1e-12), (np.float16, "about 3", single)):
        if overflowed and np.float16 is not dtype:
            continue  # an infinity where the right answer is above 65504: float16's overflow, not float32's
        with np.errstate(over="ignore"):  # the type's own values: an answer past its largest is not one
            kept = all(float(dtype(a.got)) == a.got for a in answers if math.isfinite(a.got))
        if finer < worst <= 4 * float(np.finfo(dtype).eps) and kept:
            inf = " (and is infinite where the right one passes float16's largest, 65504)" if overflowed else ""
            return (f"each answer agrees with the right one to {digits} significant digits only{inf}, as numpy's "
                    f"{dtype.__name__} keeps them: compute in float64 (Python's float)")
    return ""
