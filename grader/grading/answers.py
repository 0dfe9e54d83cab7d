"""Grading the by-hand answers and the quiz from the student's answers file.

Students type numbers the way they write them on paper (1.4 × 10^13, 14,000,000,000,000,
0.28 s), so parsing is lenient about notation and strict about meaning: anything that is
not clearly one number is refused with the list of accepted forms, never guessed at.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from pathlib import Path

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
        return tomllib.loads(raw.decode("utf-8-sig")), None  # Notepad may add a byte-order mark
    except UnicodeDecodeError:
        return None, f"{filename} is not UTF-8 text"
    except tomllib.TOMLDecodeError as exc:
        return None, f"{filename} is not valid TOML ({exc}); strings need quotes, e.g. key = \"your answer\""
    except (RecursionError, MemoryError):
        return None, f"{filename} is nested too deeply to read"
    except OSError as exc:
        return None, f"{filename} cannot be read ({exc.strerror})"


def parse_number(value, units: tuple[str, ...] = ()) -> float:
    """Read a number as a person types it; raise AnswerFormatError with the accepted forms."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise AnswerFormatError(f"{value!r} is not a number: write it like {NUMBER_FORMS}")
    number = float(value) if isinstance(value, (int, float)) else _parse_text(value, units)
    if not math.isfinite(number):
        raise AnswerFormatError(f"{value!r} is not a finite number: write it like {NUMBER_FORMS}")
    return number


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
        return float(compact)
    power = _POWER.fullmatch(compact)
    if power:
        mantissa = float(power.group("m")) if power.group("m") else 1.0
        return mantissa * 10.0 ** int(power.group("e"))
    hint = f" (accepted units: {', '.join(units)})" if units else ""
    raise AnswerFormatError(f"{text!r} cannot be read as a number: write it like {NUMBER_FORMS}{hint}")


def parse_choice(value, choices: dict) -> str:
    """The letter of the chosen option; accepts 'B', 'b', 'No', 'B) No'."""
    forms = ", ".join(f"{k} or {v}" for k, v in choices.items())
    if not isinstance(value, str):
        raise AnswerFormatError(f"{value!r} is not one of the choices: answer with a letter or its text ({forms})")
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
            raise AnswerFormatError(f"{value!r} names choice {letter} but the text of choice {by_label[rest]}: "
                                    "pick one")
    raise AnswerFormatError(f"{value!r} is not one of the choices: answer with a letter or its text ({forms})")


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
    except AnswerFormatError as exc:
        return failed(f"{spec.key}: {exc}", diagnosis=spec.unreadable)
    if _matches(spec, given, spec.expected):
        return CheckResult(name=name, passed=True, description=spec.question, visibility=task.visibility)
    not_right = f"you answered {raw!r}, which is not right"
    for hint in spec.hints:
        if _matches(spec, given, hint.value):
            return failed(f"you answered {raw!r}: {hint.message}", not_right, hint.diagnosis)
    return failed(f"{not_right}. {spec.wrong}".strip(), not_right)


def _matches(spec: AnswerSpec, given, expected) -> bool:
    if spec.kind == "number":
        return math.isclose(given, float(expected), rel_tol=spec.rel_tol)
    return given == expected
