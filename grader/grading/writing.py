"""How to write an answer to one question: the accepted forms that an unreadable answer's feedback gives.

A list of forms is only useful if it is the question's own: a question in seconds shows
``250 ms``, one about FLOPs shows ``25 TFLOPs`` and ``25 trillion``, one counting pairs
shows a plain ``25``. So the forms are built from the question's declaration in
``lesson.toml``: its unit (the first of ``units``) with the prefixes it takes, and an
example number of the expected answer's own size that is neither the answer nor any
recognised wrong answer (an example must never give the answer away).
"""

from __future__ import annotations

import math
from typing import cast

from grader.grading.numbers import ONES, SCALES, TENS, Unit
from grader.lesson.manifest import AnswerSpec

_MANTISSAS = (2.5, 3.5, 4.5, 1.5, 6.5, 7.5, 8.5, 5.5, 9.5)
_SMALL = (3, 4, 6, 7, 2, 8, 9, 5)


def accepted_forms(spec: AnswerSpec) -> str:
    """One sentence: how this question's answer may be written, by example, and its units."""
    if spec.kind != "number":
        return f"Answer with {choice_forms(spec.choices)}."
    unit = spec.unit
    forms = _forms(example(spec), unit)
    listed = f"{', '.join(forms[:-1])} or {forms[-1]}" if len(forms) > 1 else forms[0]
    if unit.names:
        units = [unit.shown, *(form for form, _ in unit.prefixed())]
        said = f"unit: {units[0]}" if len(units) == 1 else f"units: {', '.join(units[:-1])} or {units[-1]}"
    else:
        said = "a plain number, no unit"
    return f"For this question, for example: {listed} ({said})."


def choice_forms(choices: dict) -> str:
    """How a choice may be given: its letter or its text, the texts listed when they are short."""
    letters = list(choices)
    if any(len(str(label)) > 30 for label in choices.values()):
        return f"one letter ({', '.join(letters[:-1])} or {letters[-1]}), or the text of one choice"
    return f"a letter or its text ({', '.join(f'{k} or {v}' for k, v in choices.items())})"


def example(spec: AnswerSpec) -> float:
    """A number of the expected answer's size that is not within 5 % of it or of any hinted wrong answer."""
    expected = float(cast(float, spec.expected))  # a number question's expected value is a number (the manifest)
    avoid = [*map(float, spec.accepted), *(float(h.value) for h in spec.hints if isinstance(h.value, (int, float)))]
    power = math.floor(math.log10(abs(expected))) if expected and math.isfinite(expected) else 0
    whole = isinstance(spec.expected, int) and power < 1
    candidates = [float(n) for n in _SMALL] if whole else [float(f"{m}e{power}") for m in _MANTISSAS]
    return next((c for c in candidates if all(not math.isclose(c, a, rel_tol=0.05) for a in avoid)), candidates[0])


def _forms(value: float, unit: Unit) -> list[str]:
    """``value`` written in the ways the grader reads that suit its size, each once."""
    plain, with_unit = _plain(value), (lambda text: f"{text} {unit.shown}" if unit.names else text)
    mantissa, power = _split(value)
    forms = [plain, with_unit(plain)]
    decimal = [(form, factor) for form, factor in unit.prefixed()
               if abs(math.log10(factor) - round(math.log10(factor))) < 1e-9]  # 2.5 GB, never 238.419 MiB
    prefixed = next((f"{_plain(value / factor)} {form}" for form, factor in sorted(decimal, key=lambda f: -f[1])
                     if 1 <= abs(value) / factor < 1000), None)
    if prefixed:
        forms.append(prefixed)
    if (power < 0 or power >= 3) and f"{mantissa}e{power}" != plain:
        forms.append(with_unit(f"{mantissa}e{power}"))
    if abs(power) >= 3:
        forms.append(f"{mantissa} × 10^{power}")
    scale = next((word for word, p in sorted(SCALES.items(), key=lambda s: -s[1]) if p >= 3 and abs(value) >= 10 ** p),
                 None)
    if scale:
        forms.append(f"{_plain(value / 10 ** SCALES[scale])} {scale}")
    elif value == int(value) and 0 <= value < 100:
        forms.append(_spelled(int(value)))
    return list(dict.fromkeys(forms))[:5]


def _plain(value: float) -> str:
    """0.25, 25, 2500 as themselves; 2.5e13 and 2.5e-5 with an exponent."""
    if value == 0 or 1e-3 <= abs(value) < 1e6:
        return f"{value:.6g}"
    mantissa, power = _split(value)
    return f"{mantissa}e{power}"


def _split(value: float) -> tuple[str, int]:
    """(mantissa as text, power of ten): 2.5e13 → ("2.5", 13)."""
    if value == 0:
        return "0", 0
    power = math.floor(math.log10(abs(value)))
    return f"{value / 10.0 ** power:.6g}", power


def _spelled(n: int) -> str:
    if n < 20:
        return ONES[n]
    tens, ones = divmod(n, 10)
    return TENS[tens - 2] + (f"-{ONES[ones]}" if ones else "")
