"""Reading one number the way a person types it, in the unit the question asks for.

Students write numbers as on paper and in the lesson: ``≈ 1.4e13``, ``1.4 × 10¹³``,
``14 trillion``, ``14 TFLOPs``, ``~0.28 s``, ``280 ms``, ``0,28``, ``28/100``, ``ten``. This
module reads all of those and is strict about meaning: what is not clearly one number is
refused with the reason, never guessed at:

- **approximation marks** (``≈``, ``~``, ``about``, ``approx.``, ``roughly``, ``or so``) are
  dropped: every by-hand answer is an estimate, and the tolerance is the question's; so are
  a lead-in (``Answer: 1.4e13``, ``The answer is 10.``, ``my result is ~0.28 s``), a final
  full stop and quotes of any kind (``“1.4e13”``, ``« 0,28 s »``: ``as_typed.unquoted``).
- **units** must be the question's own (``grader.lesson.units.Unit``), with the prefixes it
  takes converted into the question's unit (``280 ms`` is 0.28 s, ``500 MiB`` is 524.288 MB);
  any other word after the number (``0.28 pairs`` for seconds, ``280 FLOPs``) is refused by
  name, and so is a prefix whose case would decide between two readings the writer did not
  mind (``280 MS``: ms or Ms?) and a lower-case ``b`` for a question in bytes (``524 Mb``
  is megabits).
- **separators**: ``14,000,000`` groups thousands, ``0,28`` and ``1,4e13`` have a decimal
  comma; ``1,400`` could be either and is refused as ambiguous.
- **number words** (``ten``, ``fourteen trillion``, ``1.4 trillion``) use the short scale.
- **several numbers** (``1.4e13 or 1.4e12``, ``0.2-0.3 s``) and calculations
  (``2 × 7e9 × 1000``) are refused; a working that ends in its result (``2 · 7e9 · 1000 =
  1.4e13``) is read as that result, and so is a result followed by its working in brackets
  (``10 (4+3+2+1)``: the working must give the same number when it can be worked out), and
  one quantity written twice (``0.28 s or 280 ms``, ``0.28 s (280 ms)``, ``10 (ten)``,
  ``0.28 s, i.e. 280 ms``, ``0.28 s = 280 ms``) as one, when both say the same number
  by the question's tolerance (``500 MiB (524 MB)`` at 1 %: two accepted forms of one
  answer, not two answers): when they differ, the answer is refused naming both.
- **a comment in brackets** after the number is passed over: words without a number or unit (``28 (lower
  triangle)``), the question's unit alone (``0.4 (seconds)``), another quantity in a unit of its own after an answer
  in the question's (``20 tokens/s (0.05 s per token)``). Others with a digit, a number word or a unit (``28 (one of
  them)``, ``0.28 (ms)``) are read, and refused, as before. Square brackets at the end read as round ones.

Nothing here grows with the input beyond linear time: a 5000-digit number is read by
``float`` (which says "infinite") and reported as out of range, never converted to an int.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from grader.describe import bounded_repr
from grader.exceptions import AnswerFormatError
from grader.grading.arithmetic import worked_out
from grader.lesson.tolerance import Tolerance
from grader.lesson.units import Split, Unit, declared
from grader.submission.as_typed import unquoted

LONG = 200  # characters: a longer answer can only be one long number (or is refused), not words and units
SCALES = {"hundred": 2, "thousand": 3, "million": 6, "billion": 9, "trillion": 12, "quadrillion": 15}
ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_TENS = {word: 10 * (i + 2) for i, word in enumerate(TENS)}
_NUMBER_WORDS = {*ONES, *TENS, *SCALES, "point", "half", "halves", "third", "quarter", "dozen", "twice", "double"}
_WORDS = {word: i for i, word in enumerate(ONES)}
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
_SPACES = re.compile(r"[\s\u00a0\u2007\u2009\u202f\u3000]+")
_LEADING = re.compile(r"^(?:≈|≃|≅|~=|=~|~|=|about\b|approx\b\.?|approximately\b|roughly\b|around\b|circa\b|ca\."
                      r"|(?:(?:the|my)\s+)?(?:final\s+)?(?:answer|result|ans)\b(?:\s+is\b)?"  # a lead-in
                      r"(?:\s*[:–—]|\s+-(?=\s))?)\s*", re.I)
_TRAILING = re.compile(r"\s*(?:\(?\s*(?:approx\.?|approximately|roughly|or so|or thereabouts)\s*\)?|-?ish)$", re.I)
_EQUALS = re.compile(r"\s*(?:≈|≃|≅|~=|=)\s*")
# between two ways of writing one quantity: "0.28 s or 280 ms", "0.28 s, i.e. 280 ms", "…, that is 280 ms"
_OR = re.compile(r"(?:\s*,\s*|\s+)(?:or|i\.\s?e\.?|that is)(?:\s*,)?\s+", re.I)
_RESTATED = re.compile(r"(?:or|i\.\s?e\.?|that is)(?:\s*,)?\s+", re.I)  # at the start of brackets: "(i.e. 280 ms)"
# No pattern nests quantifiers (a 10⁶-digit answer must not make a regex backtrack quadratically);
# "has a digit" is checked in code instead.
_DECIMAL = re.compile(r"(?P<sign>[+-]?)\s*(?P<body>[\d.,'’ _]+)(?:e(?P<exp>[+-]?\d+))?", re.I)
_POWER = re.compile(r"(?:(?P<m>[+-]?[\d.,'’ _]+)[*×·⋅xX]\s*)?10\s*(?:\^|\*\*)\s*"
                    r"(?:\(\s*(?P<pe>[+-]?\d+)\s*\)|(?P<e>[+-]?\d+))")
_FRACTION = re.compile(r"(?P<n>[+-]?[\d.,]+)\s*/\s*(?P<d>[\d.,]+)")
_SCALED = re.compile(r"(?P<n>[+-]?[\d.,'’ _]+?)\s*-?\s*(?P<w>hundred|thousand|million|billion|trillion|quadrillion)",
                     re.I)
_NUMBER_RUN = re.compile(r"\d+(?:[.,]\d+)*(?:e[+-]?\d+)?", re.I)
_OPERATOR = re.compile(r"\d\s*[*×·⋅+/^]\s*[\d(]|\d\s+[xX]\s+\d|\*\*")
# a result, then its working in brackets: "10 (4+3+2+1)", "0.28 s (1.4e13 / 5e13)"
_WORKING = re.compile(r"(?P<head>.*?[^\s(])\s*\((?P<working>[\d\s.eE+\-*/×·⋅^()=]+)\)")
# a result, then the same again in brackets: "0.28 s (280 ms)", "10 (ten)", "1.4e13 (i.e. 14 TFLOPs)"
_BRACKETED = re.compile(r"(?P<head>[^()]*[^\s(])\s*\((?P<inner>[^()]*)\)")
_SQUARE = re.compile(r"\[([^\[\]()]*)\]$")


class NotANumber(AnswerFormatError):
    """The text is not one number in the question's unit; the message is the reason, quoting the text."""


class OutOfRange(NotANumber):
    """One number, but none the grader can compare: no misconception of notation to diagnose."""


def out_of_range(what: str) -> OutOfRange:
    return OutOfRange(f"not a number the grader can compare: {what} (it compares numbers between about 1e-308 "
                      "and 1.8e308 in size): is the power of ten right?")


def read_number(text: str, unit: Unit, tolerance: Tolerance | None = None) -> float:
    """The number ``text`` says, in ``unit``; NotANumber (OutOfRange) with the reason otherwise.

    ``tolerance`` is the question's comparison: one quantity written twice (``500 MiB (524
    MB)``, ``0.28 s or 280 ms``) is one answer when its forms agree by it, as an accepted value
    and the answer would; without one, the forms must agree to 1e-9 (a question with no
    tolerance has no band in which two numbers are one)."""
    cleaned = _normal(text)
    if len(cleaned) > LONG:  # only a long number can be this long: read it as one, or say it is none
        split = unit.split(cleaned)
        value = _numeric(split.body)
        if value is None:
            raise NotANumber(f"{quote(text)} is too long to be one number")
        return _scaled(*value, split.scale, text)
    if not cleaned:
        raise NotANumber(f"{quote(text)} holds no number")
    cleaned = _SQUARE.sub(r"(\1)", cleaned)  # "0.4 s [400 ms]": brackets at the end, square as round
    worked = _WORKING.fullmatch(cleaned)
    if worked and _OPERATOR.search(worked.group("working")):
        value = read_number(worked.group("head"), unit, tolerance)
        for step in worked.group("working").split("="):  # "10 (4 + 3 + 2 + 1 = 10)": each step agrees
            check = worked_out(step)
            if check is not None and not math.isclose(check, value, rel_tol=0.01):
                raise NotANumber(f"{quote(text)} gives two numbers that differ: {worked.group('head')}, and "
                                 f"{check:.4g} from the working in brackets: give one")
        return value
    bracketed = _BRACKETED.fullmatch(cleaned)
    restated = (_restated(bracketed.group("head"), bracketed.group("inner"), unit, text, tolerance)
                if bracketed else None)
    if restated is not None:
        return restated
    if bracketed and _comment(bracketed.group("inner"), unit):
        return read_number(bracketed.group("head"), unit, tolerance)
    if bracketed and unit.split(f"1 {bracketed.group('inner').strip()}") == Split("1"):  # "0.4 (seconds)": its unit
        return read_number(bracketed.group("head"), unit, tolerance)
    if bracketed and _aside(bracketed.group("head"), bracketed.group("inner"), unit, tolerance):
        return read_number(bracketed.group("head"), unit, tolerance)
    alternatives = _OR.split(cleaned)
    if len(alternatives) > 1:
        return _agreeing(text, [(part, _reading(part, unit, text)) for part in alternatives], "different numbers",
                         tolerance)
    steps = _EQUALS.split(cleaned)
    if len(steps) > 1:  # a working that ends in its result, or a label: "2 · 7e9 · 1000 = 1.4e13", "t = 0.28 s"
        result = _reading(steps[-1], unit, text)
        if isinstance(result, NotANumber):
            raise result
        if any(not re.search(r"\w", step) for step in steps[:-1]):
            raise NotANumber(_why_not(cleaned, unit, text, matched=False))  # "-≈ 10": no label, no working
        earlier = [(step, r) for step in steps[:-1] if isinstance(r := _reading(step, unit, text), float)]
        return _agreeing(text, [*earlier, (steps[-1], result)], "numbers that differ", tolerance)
    result = _reading(cleaned, unit, text)
    if isinstance(result, NotANumber):
        raise result
    return result


def _restated(head: str, inner: str, unit: Unit, text: str, tolerance: Tolerance | None) -> float | None:
    """The number of a result followed by the same number again in brackets ("0.28 s (280 ms)",
    "10 (ten)", "1.4e13 (i.e. 14 TFLOPs)"); NotANumber naming both when they differ; None when
    either part is not one number (the text is then read, and refused, as a whole)."""
    said = _RESTATED.match(inner.strip())
    again_text = inner.strip()[said.end():] if said else inner.strip()
    try:
        first, again = read_number(head, unit, tolerance), read_number(again_text, unit, tolerance)
    except OutOfRange:
        raise
    except NotANumber:
        return None
    if not _agree(first, again, tolerance):
        raise NotANumber(f"{quote(text)} gives two numbers that differ: {quote(head)}, and {quote(again_text)} in "
                         "brackets: give one")
    return first


def _aside(head: str, inner: str, unit: Unit, tolerance: Tolerance | None) -> bool:
    """Whether brackets after a number in the question's unit hold a quantity in a unit of its own, an aside ("20
    tokens/s (0.05 s per token)" restates the ITL: issue 21's fifth round), not a second answer in the question's."""
    split = unit.split(head)
    if split.body == head or split.ambiguous or split.bits or not re.search(r"\d", inner) \
            or not re.search(r"[^\W\d_]{2,}", inner) or unit.split(inner.strip()).body != inner.strip():
        return False  # (and none in the question's unit: "0.28 s (rounded up to 1 s)" is two answers)
    try:
        read_number(inner, unit, tolerance)
    except NotANumber as exc:
        return not isinstance(exc, OutOfRange)
    return False


def _comment(inner: str, unit: Unit) -> bool:
    """Whether brackets after a number hold words only, a comment ("28 (lower triangle, diagonal
    included)", "0.28 s (rounded)"): no digit, no number word, no unit (the question's or one the
    grader knows: "0.28 (ms)" says something of the number, so it is not passed over), and more
    than a short word (an abbreviation may be a unit the grader does not know)."""
    if re.search(r"[\d/%^*+=<>]", inner):
        return False
    words = re.findall(r"[^\W\d_]+", inner)
    if not words or any(w.lower() in _NUMBER_WORDS for w in words):
        return False
    if any(declared(w) or unit.split(f"1 {w}").body != f"1 {w}" for w in words):
        return False
    return len(words) > 1 or len(words[0]) > 3


def _agree(first: float, other: float, tolerance: Tolerance | None) -> bool:
    """Whether two forms of one answer say the same number: by the question's tolerance either
    way round (each may be the one an accepted value is measured from), else to 1e-9."""
    if tolerance is None:
        return math.isclose(first, other, rel_tol=1e-9)
    return tolerance.accepts(first, other) or tolerance.accepts(other, first)


def _agreeing(text: str, readings: list[tuple[str, float | NotANumber]], what: str,
              tolerance: Tolerance | None = None) -> float:
    """The one number several readings (each with the part it was read from) give, or why there is none."""
    failed = next((r for _, r in readings if isinstance(r, NotANumber)), None)
    if failed is not None:
        raise NotANumber(f"{quote(text)} gives more than one answer: give one number")
    first = readings[0][1]
    if any(not _agree(first, r, tolerance) for _, r in readings):
        parts = [quote(part) for part, _ in readings]
        named = f"{', '.join(parts[:-1])} and {parts[-1]}"
        raise NotANumber(f"{quote(text)} gives {len(readings)} {what} ({named}): give one")
    return readings[-1][1]


def _normal(text: str) -> str:
    """Quotes dropped, spaces made plain, superscript powers made ``^`` powers, marks of approximation dropped."""
    text = _SUPERSCRIPT_RUN.sub(lambda m: "^" + m.group(0).translate(_SUPERSCRIPTS), unquoted(text))  # 10¹³, not 1013
    text = _SPACES.sub(" ", text.replace("−", "-")).strip()
    if len(text) > LONG:
        return text
    for _ in range(3):
        stripped = _TRAILING.sub("", _LEADING.sub("", text, count=1)).strip()
        stripped = stripped[:-1].rstrip() if stripped.endswith((".", "!")) and len(stripped) > 1 else stripped
        if stripped == text:
            break
        text = stripped
    return text


def _reading(text: str, unit: Unit, whole: str) -> float | NotANumber:
    """One number with at most the unit after it, or the exception that says why not (raised for OutOfRange)."""
    split = unit.split(text)
    if split.ambiguous:
        return NotANumber(f"{quote(whole)} ends in a unit that could mean {' or '.join(split.ambiguous)}: the case "
                          "of a prefix changes its meaning, so write the unit in the case meant")
    if split.bits:
        return NotANumber(f"{quote(whole)} ends in {quote(split.bits)}: a lower-case b is a bit, and 8 bits make a "
                          f"byte; this question asks in bytes ({unit.shown}): write B for bytes")
    try:
        value = _bare(split.body)
    except OutOfRange:
        raise
    except NotANumber as exc:
        return exc
    if value is None:
        return NotANumber(_why_not(text, unit, whole, matched=split.body != text))
    return _scaled(*value, split.scale, whole)


def _scaled(number: float, nonzero: bool, scale: Fraction, text: str) -> float:
    """``number`` times ``scale`` (a unit's prefix, into the question's unit: 1/1000 for ms in a question
    in seconds), unless that is beyond what a float holds. Multiplied and divided by whole numbers, so
    that 280 ms is 0.28 s as exactly as 0.28 is."""
    if scale != 1 and math.isfinite(number):
        number = number * scale.numerator / scale.denominator
    if not math.isfinite(number) or (number == 0 and nonzero):
        raise out_of_range(quote(text))
    return number


def _numeric(text: str) -> tuple[float, bool] | None:
    """A number in digits, with an exponent or a power of ten: 1.4e13, 1.4 × 10^13, 14,000,000."""
    power = _POWER.fullmatch(text)
    if power:
        mantissa = _decimal(power.group("m"), exponent=False) if power.group("m") else "1"
        return None if mantissa is None else _float(mantissa, power.group("e") or power.group("pe"))
    return _plain(text)


def _bare(text: str) -> tuple[float, bool] | None:
    """A number without unit as (value, whether it is nonzero as written), or None."""
    numeric = _numeric(text)
    if numeric is not None:
        return numeric
    fraction = _FRACTION.fullmatch(text)
    if fraction:
        top, bottom = _decimal(fraction.group("n"), False), _decimal(fraction.group("d"), False)
        if top is None or bottom is None:
            return None
        if float(bottom) == 0:
            raise NotANumber(f"{quote(text)} divides by zero")
        return float(top) / float(bottom), _nonzero(top)
    scaled = _SCALED.fullmatch(text)
    if scaled and not re.search(r"[a-z]", scaled.group("n"), re.I):
        mantissa = _decimal(scaled.group("n"), exponent=False)
        return None if mantissa is None else _float(mantissa, str(SCALES[scaled.group("w").lower()]))
    if re.fullmatch(r"[A-Za-z]+(?:(?: +|-)[A-Za-z]+)*", text):  # a hyphen only between words: "-ten" is not 10
        return _words(text)
    return None


def _plain(text: str) -> tuple[float, bool] | None:
    """A decimal number with an optional exponent: 1.4e13, 14,000,000, 0,28, or None."""
    match = _DECIMAL.fullmatch(text)
    if not match:
        return None
    mantissa = _decimal(match.group("sign") + match.group("body"), exponent=False)
    return None if mantissa is None else _float(mantissa, match.group("exp") or "0")


def _float(mantissa: str, exponent: str) -> tuple[float, bool]:
    """Read as one literal: 10.0 ** 400 would raise, int("9" * 5000) too; float says inf or 0."""
    return float(f"{mantissa}e{exponent}"), _nonzero(mantissa)


def _nonzero(text: str) -> bool:
    return any(c in "123456789" for c in text)


def _decimal(text: str, exponent: bool = True) -> str | None:
    """A number's digits as Python reads them ("-14000.5"), its separators understood, or None.

    Thousands are grouped by one kind of separator in threes (14,000,000, 14 000 000,
    14.000.000, 14'000); the decimal mark is the last "." or "," when the other groups, or
    the only one. A single comma before three digits (1,400) is either, and raises
    NotANumber saying so."""
    match = _DECIMAL.fullmatch(text.strip())
    if not match or (match.group("exp") and not exponent) or not _has_digit(match.group("body")):
        return None
    sign, body = match.group("sign"), match.group("body").strip()
    dots, commas = body.count("."), body.count(",")
    if dots and commas:
        point = body[max(body.rfind("."), body.rfind(","))]
        if body.count(point) != 1:
            return None
    else:
        point = "." if dots == 1 else "," if commas == 1 else ""  # several of one: they group thousands
    whole, fraction = body.rsplit(point, 1) if point else (body, "")
    if (fraction and not fraction.isdigit()) or (point == "," and not fraction):
        return None
    if point == "," and re.fullmatch(r"[1-9]\d{0,2}", whole) and len(fraction) == 3:
        raise NotANumber(f"{quote(text.strip())} is ambiguous: is the comma a decimal comma ({whole}.{fraction}) or "
                         f"a thousands separator ({whole}{fraction})? Write it without the comma, or with a decimal "
                         "point")
    separators = {c for c in whole if not c.isdigit()}
    if len(separators) > 1:
        return None
    if separators:
        groups = whole.split(separators.pop())
        if not (re.fullmatch(r"[1-9]\d{0,2}", groups[0]) and all(g.isdigit() and len(g) == 3 for g in groups[1:])):
            return None
        whole = "".join(groups)
    if not (whole.isdigit() or (whole == "" and fraction)):
        return None
    return f"{sign}{whole or '0'}.{fraction}" if fraction else f"{sign}{whole}"


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


def _words(text: str) -> tuple[float, bool] | None:
    """A number in English words (short scale): "ten", "twenty-five", "fourteen trillion",
    "one point four trillion", "a hundred and five"; None when the words are not a number."""
    tokens = text.lower().replace("-", " ").split()
    if not tokens or len(tokens) > 30:
        return None
    total, group, last, largest = 0, 0, "", 99
    i = 0
    while i < len(tokens):
        word = tokens[i]
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if word in ("a", "an") and i == 0 and following in SCALES:
            group, last = 1, "unit"
        elif word == "and" and last in ("hundred", "scale") and following:
            last = "and"
        elif word in _WORDS and (last in ("", "hundred", "scale", "and") or (last == "tens" and _WORDS[word] < 10)):
            if word == "zero" and len(tokens) > 1:
                return None
            group += _WORDS[word]
            last = "tens-unit" if last == "tens" else ("unit" if _WORDS[word] < 10 else "teen")
        elif word in _TENS and last in ("", "hundred", "scale", "and"):
            group, last = group + _TENS[word], "tens"
        elif word == "hundred" and last in ("unit", "teen", "tens", "tens-unit") and 0 < group < 100:
            group, last = group * 100, "hundred"
        elif word in SCALES and SCALES[word] < largest and group and last not in ("and",):
            total, group, largest, last = total + group * 10 ** SCALES[word], 0, SCALES[word], "scale"
        elif word == "point" and group < 1000 and last in ("unit", "teen", "tens", "tens-unit") and not total:
            digits = []
            for token in tokens[i + 1:]:
                if token not in _WORDS or _WORDS[token] > 9:
                    break
                digits.append(str(_WORDS[token]))
            rest = tokens[i + 1 + len(digits):]
            if not digits or len(rest) > 1 or (rest and rest[0] not in SCALES):
                return None
            power = SCALES[rest[0]] if rest else 0
            return _float(f"{group}.{''.join(digits)}", str(power))
        else:
            return None
        i += 1
    if last == "and":
        return None
    value = total + group
    return float(value), value != 0


def _why_not(text: str, unit: Unit, whole: str, matched: bool) -> str:
    """Why ``text`` is not one number in ``unit``, as specifically as can be said."""
    quoted = quote(whole)
    tail = None if matched else _tail(text)
    if tail:
        if not unit.names:
            return f"{quoted} ends in {quote(tail)}: this question asks for a plain number, no unit"
        return f"{quoted} ends in {quote(tail)}, which is not a unit of this question"
    if re.search(r"[*×·⋅xX]\s*10\s*e", text):
        return (f"{quoted} is read as a calculation: 10e13 means 10 × 10^13 = 10^14, so write a power of ten as "
                "1e13 or 10^13")
    runs = _NUMBER_RUN.findall(text)
    if len(runs) > 1 and _OPERATOR.search(text):
        return f"{quoted} looks like a calculation: the grader reads one number, so give its result"
    if len(runs) > 1 or re.search(r"\d\s*(?:-|–|—|\bto\b|\band\b)\s*\d", text):
        return f"{quoted} holds more than one number: give one"
    return f"{quoted} cannot be read as a number"


def _tail(text: str) -> str | None:
    """The words after a readable number (``pairs`` in "0.28 pairs", "ten pairs"), or None."""
    match = re.fullmatch(r"(?P<head>.*?[\d)])\s*(?P<tail>[^\d\s][^\d]*)", text)
    if match and _readable(match.group("head")):
        return match.group("tail").strip()
    tokens = text.split()
    for cut in range(min(len(tokens), 12) - 1, 0, -1):
        tail = " ".join(tokens[cut:])
        if not re.search(r"\d", tail) and _readable(" ".join(tokens[:cut])):
            return tail
    return None


def _readable(text: str) -> bool:
    try:
        return _bare(text) is not None
    except NotANumber:
        return False


def quote(value) -> str:
    """An answer as feedback quotes it: shortened, an int by its size (``grader.describe``)."""
    return bounded_repr(value, 80)
