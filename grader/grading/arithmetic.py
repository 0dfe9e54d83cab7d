"""What a working written in brackets after a result comes to: ``10 (4+3+2+1)``, ``0.28 s (1.4e13 / 5e13)``.

A student who shows the working beside the result gives a second number; ``grader.grading.numbers``
reads the answer as the result only when the working comes to the same. The working is the
submission's text, so it is never evaluated as Python: it is parsed, and only plain
arithmetic of numbers (``+ - * /`` and small powers) is worked out, in bounded time.

``checked_workings`` finds every working an answer shows (before ``=``, in one or several
brackets) and checks each against its result, in the question's unit or the result's own as
written, before ``grader.grading.numbers`` reads the result: a contradiction is refused, not read.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable

from grader.describe import bounded_repr
from grader.exceptions import AnswerFormatError
from grader.submission.as_typed import unquoted

LONG = 200  # characters: a longer answer shows no working the grader checks (grader.grading.numbers reads it)
_STEP = re.compile(r"\s*(?:≈|≃|≅|~=|=)\s*")
_ARITHMETIC_TEXT = re.compile(r"[\d\s.,eE+\-*/×·⋅÷%^()=]+")
# an operator between numbers (not "-": "0.2-0.3" is a range)
_WORKED = re.compile(r"\d\s*%?\s*[*×·⋅÷+/^]\s*[\d(]|\*\*")
_OPERATOR = "*×·⋅÷+-/^"  # a bracket next to one is part of an expression, not a working of its own
_GROUPED = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")  # 7,000,000,000: digit groups, never a decimal comma
_SQUARE = str.maketrans("[]", "()")
_PERCENT = re.compile(r"(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*%")
_WRITTEN = re.compile(r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
# a product written without its sign: 2(7e9)(100), (2)(7e9) · a number's scale word or letter, and unit words
_IMPLICIT = re.compile(r"(?<=[\d.)])\s*(?=\()|(?<=\))\s*(?=[\d.])")
_SCALES = {"thousand": "e3", "million": "e6", "billion": "e9", "trillion": "e12", "k": "e3", "K": "e3", "M": "e6",
           "B": "e9", "bn": "e9", "T": "e12"}
_SCALED = re.compile(r"(?<![\d.eE])(\d+(?:\.\d+)?)\s*(thousand|million|billion|trillion|bn|[kKMBT])\b")
_RATIO = re.compile(r"(?<=[\d)])\s*:\s*(?=[\d(.])")  # 1.4e13 : 5e12: the division sign taught in much of Europe
_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SMALL = {**{w: i for i, w in enumerate(_UNITS)}, **{w: 10 * i for i, w in enumerate(_TENS, 2)}}
_LARGE = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_WORD = "|".join([*_SMALL, "hundred", *_LARGE])
_NUMBER_WORDS = re.compile(rf"\b(?:{_WORD})(?:(?:\s+|-|\s+and\s+)(?:{_WORD}))*\b", re.IGNORECASE)
_EMPTY = re.compile(r"[(\[]\s*[)\]]")
_TIMES = re.compile(r"(?<=[\d)])\s*[xX]\s*(?=[\d(.])")  # 2 x 7e9: a letter x between numbers multiplies
_UNIT_WORD = re.compile(r"(?<![\deE])[A-Za-zµμ]+(?:/[A-Za-zµμ]+)*")  # letters only: ½ is a number, not a word
_OWN_UNIT = re.compile(r"(?<![\deE])([A-Za-zµμ]+(?:/[A-Za-zµμ]+)*)\s*$")  # "… × 1000 ms": the working's unit
_FRACTIONS = {"½": "(1/2)", "⅓": "(1/3)", "⅔": "(2/3)", "¼": "(1/4)", "¾": "(3/4)", "⅕": "(1/5)", "⅛": "(1/8)"}

_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
               ast.Pow: operator.pow}


def worked_out(working: str) -> float | None:
    """What a working comes to, when it is plain arithmetic of numbers (``×``, ``÷``, a percent, digit groups
    written with commas); None otherwise."""
    source = working.strip().translate(str.maketrans({"×": "*", "·": "*", "⋅": "*", "÷": "/"})).replace("^", "**")
    source = _PERCENT.sub(r"(\1/100)", _GROUPED.sub("", source))
    try:
        return float(_arithmetic(ast.parse(source, mode="eval").body))
    except (SyntaxError, ValueError, TypeError, ArithmeticError, RecursionError):
        return None


def _in_words(match: re.Match) -> str:
    """``seven billion``, ``one hundred and five``: the number the words say, in brackets."""
    total = current = 0
    for word in re.split(r"\s+and\s+|\s+|-", match.group(0).lower()):
        if word in _SMALL:
            current += _SMALL[word]
        elif word == "hundred":
            current = (current or 1) * 100
        else:
            total, current = total + (current or 1) * _LARGE[word], 0
    return f"({total + current})"


def _plain(step: str) -> str:
    """A step of a working as plain arithmetic where it is one with words around: its scale words applied
    (``7 billion``, ``7B``), unit words dropped (``1.4e13 FLOPs / 5e13 FLOP/s``), a product written without
    its sign given one (``2(7e9)(100)``), a vulgar fraction or a colon as a division (``½ × 4 × 5``,
    ``1.4e13 : 5e13``), numbers in words (``seven billion``). Text that stays no arithmetic is returned as it was."""
    plain = _NUMBER_WORDS.sub(_in_words, _RATIO.sub("/", step.translate(str.maketrans(_FRACTIONS))))
    plain = _TIMES.sub("*", _SCALED.sub(lambda m: f"({m.group(1)}{_SCALES[m.group(2)]})", plain))
    plain = _EMPTY.sub(" ", _UNIT_WORD.sub(" ", plain))  # "0.28 s (rounded)": a remark, no working
    plain = _IMPLICIT.sub("*", plain)
    return plain if plain.strip() and _ARITHMETIC_TEXT.fullmatch(plain) and _WORKED.search(plain) else step


def _arithmetic(node: ast.expr) -> float:
    """+ - * / and small powers of numbers, nothing else (``ValueError`` for anything else)."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _arithmetic(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = _arithmetic(node.left), _arithmetic(node.right)
        if isinstance(node.op, ast.Pow) and (abs(right) > 400 or abs(left) > 1e6):
            raise ValueError("a power too large to work out")
        return _ARITHMETIC[type(node.op)](float(left), right)
    raise ValueError("not arithmetic")


class WorkingDisagrees(AnswerFormatError):
    """A working the answer shows comes to another number than the result it leads to."""


def checked_workings(text: str, read: Callable[[str], float | None]) -> str:
    """``text`` without the workings it shows in brackets, once every working it shows agrees with its result.

    A working stands before ``=`` (``2 × 7e9 × 1000 = 1.4e13``) or in brackets, one or several
    (``10 (4+3+2+1)``, ``16 (4 × 4) = 16``); each must come to its result in the question's unit
    (what ``read`` gives), or in the result's own unit or scale as written (``280 ms (1.4e13 /
    5e13 × 1000)``, ``14 trillion (2 × 7 × 1)``: the number written, 280 and 14), or in a unit written at
    the working's end (``0.28 s (1.4e13 / 5e13 × 1000 ms)``); else
    ``WorkingDisagrees`` says which number the working gives. A step that is no arithmetic (a
    label, a unit, words) is not checked. Bracketed workings are taken out of the text returned,
    so that the result is read alone; one standing for its step (``(4 × 4) = 16``) is kept
    without its brackets. ``read``: a step's number in the question's unit, or None."""
    source = unquoted(_SUPERSCRIPT_RUN.sub(lambda m: "^" + m.group(0).translate(_SUPERSCRIPTS), text))
    source = source.replace("−", "-").translate(_SQUARE).strip()  # "20 tokens/s [1/0.05]": a working all the same
    if len(source) > LONG or not (_WORKED.search(source) or _WORKED.search(_plain(source))):
        return text
    steps, seps = _steps(source)
    parts = [_split_brackets(step) for step in steps]  # (the step without its workings, its workings)
    targets = [_targets(bare, read) for bare, _ in parts]
    for k, (bare, workings) in enumerate(parts):
        after = next((t for t in targets[k + 1:] if t), [])
        for working, raw in workings:
            pieces, raws = working.split("="), raw.split("=")
            for piece, as_written in zip(pieces, raws if len(raws) == len(pieces) else pieces, strict=True):
                value = worked_out(piece)
                _agree(text, piece, value, targets[k] or after, _in_own_unit(as_written, value, read))
        if k < len(parts) - 1 and bare.strip() and _ARITHMETIC_TEXT.fullmatch(_plain(bare)):
            value = worked_out(_plain(bare))
            _agree(text, steps[k], value, after, _in_own_unit(bare, value, read))
    if not any(workings for _, workings in parts):
        return text
    rebuilt = [bare if bare.strip() else " ".join(w.replace("=", " ") for w, _ in workings) for bare, workings in parts]
    return "".join(step + (seps[i] if i < len(seps) else "") for i, step in enumerate(rebuilt))


def _steps(source: str) -> tuple[list[str], list[str]]:
    """The steps of a chain ``a = b ≈ c`` and the signs between them: only signs outside brackets, so that a
    bracket holding a working with its own result (``10 (4 + 3 + 2 + 1 = 9)``) is one working of its step,
    each side of it checked, not two halves of a bracket that no step could read."""
    steps, seps, depth, last = [], [], 0, 0
    for match in _STEP.finditer(source):
        depth = source.count("(", 0, match.start()) - source.count(")", 0, match.start())
        if depth <= 0:
            steps.append(source[last:match.start()])
            seps.append(match.group(0))
            last = match.end()
    steps.append(source[last:])
    return steps, seps


def _in_own_unit(written: str, value: float | None, read: Callable[[str], float | None]) -> float | None:
    """A working's value in the question's unit where the working ends in a unit of its own: ``1.4e13 / 5e13 ×
    1000 ms`` comes to 280 ms, which is the 0.28 s it leads to (round 9 of issue 25)."""
    unit = _OWN_UNIT.search(written)
    return read(f"{value!r} {unit.group(1)}") if unit and value is not None and math.isfinite(value) else None


def _agree(text: str, working: str, value: float | None, targets: list[float], in_unit: float | None = None) -> None:
    if value is None or not targets or any(math.isclose(v, t, rel_tol=0.01) for t in targets
                                           for v in (value, in_unit) if v is not None):
        return
    raise WorkingDisagrees(f"{bounded_repr(text, 80)}: the working {bounded_repr(' '.join(working.split()), 60)} gives "
                           f"{value:.4g}, which differs from the result it leads to: correct the working or the result")


def _targets(bare: str, read: Callable[[str], float | None]) -> list[float]:
    """The numbers a step may mean: in the question's unit, as written (its own unit or scale), as worked out."""
    if not bare.strip():
        return []
    written = _WRITTEN.search(bare)
    found = [read(bare), worked_out(bare) if _ARITHMETIC_TEXT.fullmatch(bare) else None,
             float(written.group(0)) if written else None]
    return [t for t in found if t is not None]


def _split_brackets(step: str) -> tuple[str, list[tuple[str, str]]]:
    """(the step without its bracketed workings, the workings as arithmetic and as written): brackets at the top
    level, in one pass."""
    kept, workings, depth, start, last = [], [], 0, 0, 0
    for i, char in enumerate(step):
        if char == "(":
            depth, start = depth + 1, (i if depth == 0 else start)
        elif char == ")" and depth:
            depth -= 1
            inner = step[start + 1:i]
            # "(2 × 7e9) × 1000", "1.4e13 / (1e14 × 0.5)": a bracket beside an operator is part of the expression
            beside = step[:start].rstrip()[-1:] + step[i + 1:].lstrip()[:1]
            inner = _plain(inner)  # "(1.4e13 FLOPs / 5e13 FLOP/s)": a working with its units
            if depth == 0 and _ARITHMETIC_TEXT.fullmatch(inner) and _WORKED.search(inner) \
                    and not any(c in _OPERATOR for c in beside if c):
                kept.append(step[last:start])
                workings.append((inner, step[start + 1:i]))
                last = i + 1
    kept.append(step[last:])
    return "".join(kept).strip(), workings
