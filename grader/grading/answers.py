"""Grading the by-hand answers and the quiz from the student's answers file.

Students type numbers the way they write them on paper (1.4 × 10^13, 14,000,000,000,000,
0.28 s), so parsing is lenient about notation and strict about meaning: anything that is
not clearly one number is refused with the list of accepted forms, never guessed at.

An answer is the submission's data, so any value may arrive here (the notebook's ANSWERS
cells go through the same functions): a list, a table, a date, a megabyte of text, an int
of 5000 digits. Each is feedback on its own answer, never an exception: a number no float
can hold (1.4 × 10^400, an int of 400 digits) is "not a number the grader can compare",
and an int past Python's digit limit (which makes ``tomllib`` give up on the whole file) is
kept as an ``Incomparable`` stand-in so that every other answer is still graded. Answers
are quoted back shortened (``grader.describe.bounded_repr``), never written out whole.
"""

from __future__ import annotations

import math
import os
import re
import secrets
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from grader.describe import bounded_repr, format_int, int_digits
from grader.exceptions import AnswerFormatError
from grader.lesson.manifest import AnswerSpec, Task
from grader.result import CheckResult

MAX_ANSWERS_BYTES = 1 << 20
NUMBER_FORMS = "1.4e13, 1.40E+13, 1.4 × 10^13, 1.4*10**13, 14,000,000,000,000, or 0.28 s"

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
_PLAIN = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?")
_POWER = re.compile(r"(?:(?P<m>[+-]?(\d+(\.\d*)?|\.\d+))\*)?10\^\(?(?P<e>[+-]?\d+)\)?")
_GROUPED = re.compile(r"[+-]?\d{1,3}([, _]\d{3})+(\.\d+)?")
_NONZERO = re.compile(r"[1-9]")
TOML_SPECIAL_FLOATS = frozenset({"inf", "+inf", "-inf", "nan", "+nan", "-nan"})
# What tomllib must not meet in a file (a string, a comment) and, outside them, a bare decimal int.
_TOML_TOKENS = re.compile(r'"""(?:\\.|[^\\])*?"""|\'\'\'.*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*'
                          r"|(?<![\w.+-])[+-]?\d[\d_]*(?![\w.:+-])", re.S)


@dataclass(frozen=True)
class Incomparable:
    """A number in the answers file that no float stands for, by what it is (no digits)."""

    what: str  # e.g. "a whole number with 5000 digits"

    def __repr__(self) -> str:
        return self.what


def load_answers(path: Path | None, filename: str) -> tuple[dict | None, str | None]:
    """The answers table, or the reason there is none (said to the student as is)."""
    if path is None:
        return None, f"no {filename} was handed in, so the by-hand answers and the quiz score 0"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)  # a link could point at the solutions
        with os.fdopen(fd, "rb") as stream:
            raw = stream.read(MAX_ANSWERS_BYTES + 1)
        if len(raw) > MAX_ANSWERS_BYTES:
            return None, f"{filename} is larger than {MAX_ANSWERS_BYTES} bytes"
        return _read_toml(raw.decode("utf-8-sig")), None  # Notepad may add a byte-order mark
    except UnicodeDecodeError:
        return None, f"{filename} is not UTF-8 text"
    except tomllib.TOMLDecodeError as exc:
        return None, f"{filename} is not valid TOML ({exc}); strings need quotes, e.g. key = \"your answer\""
    except ValueError:  # the stand-ins below failed: nothing else in tomllib raises a plain ValueError
        return None, f"{filename} holds a number with more digits than the grader can read"
    except (RecursionError, MemoryError):
        return None, f"{filename} is nested too deeply to read"
    except OSError as exc:
        return None, f"{filename} cannot be read ({exc.strerror})"


def _read_toml(text: str) -> dict:
    try:
        return tomllib.loads(text, parse_float=_toml_float)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # an int past Python's digit limit: tomllib cannot convert it, so gives up on all
        return _with_huge_ints(text)


def _toml_float(text: str):
    """A TOML float as a float; one beyond float range (1e400, 1e-400) as what it is."""
    number = float(text)
    if text.lower() in TOML_SPECIAL_FLOATS or (math.isfinite(number) and (number or not _nonzero(text))):
        return number
    return Incomparable(text if len(text) <= 60 else text[:59] + "…")  # as typed (digits only), shortened


def _with_huge_ints(text: str) -> dict:
    """The file read with every bare int past Python's digit limit kept as an ``Incomparable``.

    Outside strings and comments, such an int becomes a string holding a token no file can
    guess; after reading, each value that is that string becomes the stand-in."""
    token, limit, huge = secrets.token_hex(16), sys.get_int_max_str_digits(), {}

    def replace(match: re.Match) -> str:
        literal = match.group(0)
        digits = len(literal.lstrip("+-").replace("_", ""))
        if literal[0] in "\"'#" or not limit or digits <= limit:
            return literal
        key = f"{token}:{len(huge)}"
        huge[key] = Incomparable(f"a whole number with {digits} digits")
        return f'"{key}"'

    answers = tomllib.loads(_TOML_TOKENS.sub(replace, text), parse_float=_toml_float)
    stack = [answers]
    while stack:  # tables and arrays nest: replace the stand-ins wherever they are
        node = stack.pop()
        for key, value in (node.items() if isinstance(node, dict) else enumerate(node)):
            if isinstance(value, str) and value in huge:
                node[key] = huge[value]
            elif isinstance(value, (dict, list)):
                stack.append(value)
    return answers


def parse_number(value, units: tuple[str, ...] = ()) -> float:
    """Read a number as a person types it; raise AnswerFormatError with the accepted forms."""
    if isinstance(value, Incomparable):
        raise _incomparable(value.what)
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise AnswerFormatError(f"{_quote(value)} is not a number: write it like {NUMBER_FORMS}")
    if isinstance(value, int):
        try:
            return float(value)
        except OverflowError:
            digits, exact = int_digits(value)
            raise _incomparable(f"{format_int(value)}, a whole number with {'' if exact else 'about '}"
                                f"{digits} digits") from None
    number = value if isinstance(value, float) else _parse_text(value, units)
    if not math.isfinite(number):
        raise AnswerFormatError(f"{_quote(value)} is not a finite number: write it like {NUMBER_FORMS}")
    return number


class _OutOfRange(AnswerFormatError):
    """One number, but none the grader can compare: no misconception of notation to diagnose."""


def _incomparable(what: str) -> _OutOfRange:
    return _OutOfRange(f"not a number the grader can compare: {what} (it compares numbers between about 1e-308 "
                       "and 1.8e308 in size): is the power of ten right?")


def _parse_text(text: str, units: tuple[str, ...]) -> float:
    # 10¹³ is a power: the superscript becomes "^13", never the digits of 1013
    cleaned = _SUPERSCRIPT_RUN.sub(lambda m: "^" + m.group(0).translate(_SUPERSCRIPTS), text.strip())
    cleaned = cleaned.replace("−", "-")
    for unit in sorted(units, key=len, reverse=True):
        if cleaned.lower().endswith(unit.lower()):
            cleaned = cleaned[: len(cleaned) - len(unit)].rstrip()
            break
    if _GROUPED.fullmatch(cleaned):
        cleaned = re.sub(r"[, _]", "", cleaned)
    compact = re.sub(r"\s+", "", cleaned).lower()
    compact = compact.replace("**", "^").replace("×", "*").replace("·", "*").replace("⋅", "*").replace("x", "*")
    if _PLAIN.fullmatch(compact):
        return _in_range(float(compact), compact.split("e")[0], text)
    power = _POWER.fullmatch(compact)
    if power:
        mantissa = power.group("m") or "1"  # read as one literal: 10.0 ** 400 would raise, int("9" * 5000) too
        return _in_range(float(f"{mantissa}e{power.group('e')}"), mantissa, text)
    hint = f" (accepted units: {', '.join(units)})" if units else ""
    raise AnswerFormatError(f"{_quote(text)} cannot be read as a number: write it like {NUMBER_FORMS}{hint}")


def _in_range(number: float, mantissa: str, text: str) -> float:
    """``number`` unless reading it lost it: beyond float range, or a nonzero value that became 0."""
    if not math.isfinite(number) or (number == 0 and _nonzero(mantissa)):
        raise _incomparable(_quote(text))
    return number


def _nonzero(text: str) -> bool:
    """Whether a number's text has a nonzero digit before any exponent."""
    return bool(_NONZERO.search(text.lower().split("e")[0]))


def _quote(value) -> str:
    """An answer as feedback quotes it: shortened, an int by its size (``grader.describe``)."""
    return bounded_repr(value, 80)


def parse_choice(value, choices: dict) -> str:
    """The letter of the chosen option; accepts 'B', 'b', 'No', 'B) No'."""
    forms = ", ".join(f"{k} or {v}" for k, v in choices.items())
    if not isinstance(value, str):
        raise AnswerFormatError(f"{_quote(value)} is not one of the choices: answer with a letter or its text "
                                f"({forms})")
    text = value.strip().rstrip(".!").strip().lower()
    by_label = {str(label).lower(): letter for letter, label in choices.items()}
    if text in by_label:
        return by_label[text]
    match = re.fullmatch(r"\(?([a-z])\)?(?:[\s.):\-]+(.*))?", text)
    if match:
        letter = next((k for k in choices if k.lower() == match.group(1)), None)
        rest = (match.group(2) or "").strip()
        if letter and (not rest or rest == str(choices[letter]).lower()):
            return letter
        if letter and rest in by_label:
            raise AnswerFormatError(f"{_quote(value)} names choice {letter} but the text of choice "
                                    f"{by_label[rest]}: pick one")
    raise AnswerFormatError(f"{_quote(value)} is not one of the choices: answer with a letter or its text ({forms})")


def grade_answer(task: Task, answers: dict | None, problem: str | None, filename: str) -> CheckResult:
    """One check per answer task: was the answer given, readable, and right?"""
    spec = task.answer
    name = f"{filename}:{spec.key}"

    def failed(message: str, safe: str | None = None, diagnosis=None, unanswered: bool = False) -> CheckResult:
        """``safe``: what a student may read if the task is secret (a hint can give the answer away)."""
        return CheckResult(name=name, passed=False, message=message, description=spec.question,
                           safe_message=safe or message, visibility=task.visibility, diagnosis=diagnosis,
                           unanswered=unanswered)

    if answers is None:
        return failed(problem)
    if spec.key not in answers:
        return failed(f"{filename} has no '{spec.key}' entry (add a line: {spec.key} = \"your answer\")")
    raw = answers[spec.key]
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return failed(f"not answered yet: {spec.question}" if spec.question else "not answered yet", unanswered=True)
    try:
        given = parse_number(raw, spec.units) if spec.kind == "number" else parse_choice(raw, spec.choices)
    except AnswerFormatError as exc:  # out of range: one number, not a notation to diagnose
        return failed(f"{spec.key}: {exc}", diagnosis=None if isinstance(exc, _OutOfRange) else spec.unreadable)
    if _matches(spec, given, spec.expected):
        return CheckResult(name=name, passed=True, description=spec.question, visibility=task.visibility)
    not_right = f"you answered {_quote(raw)}, which is not right"
    for hint in spec.hints:
        if _matches(spec, given, hint.value):
            return failed(f"you answered {_quote(raw)}: {hint.message}", not_right, hint.diagnosis)
    return failed(f"{not_right}. {spec.wrong}".strip(), not_right)


def _matches(spec: AnswerSpec, given, expected) -> bool:
    if spec.kind == "number":
        return math.isclose(given, float(expected), rel_tol=spec.rel_tol)
    return given == expected
