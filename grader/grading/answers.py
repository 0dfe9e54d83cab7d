"""Grading the by-hand answers and the quiz from the student's answers file or ANSWERS cells.

Students type answers the way they write them (``≈ 1.4e13``, ``280 ms``, ``ten``,
``No, because of causal masking``), so reading is lenient about notation and strict about
meaning (``grader.grading.numbers`` for numbers, ``parse_choice`` here for choices): what is
not clearly one answer is refused with the reason and the question's own accepted forms
(its unit, an example of its own size: ``accepted_forms``), never guessed at.

Each answer is graded on its own: an answer given twice differently costs that answer only
(``grader.submission.answers_file``; a line TOML refuses is read as typed there), and
any value may arrive here (a list, a date, a megabyte of text, an int of 5000 digits):
each is feedback on its own answer, never an exception. Answers are quoted back shortened
(``grader.describe.bounded_repr``), never written out whole.
"""

from __future__ import annotations

import difflib
import math
import re
import unicodedata
from dataclasses import replace

from grader.describe import format_int, int_digits
from grader.exceptions import AnswerFormatError
from grader.grading.arithmetic import WorkingDisagrees, checked_workings
from grader.grading.numbers import NotANumber, OutOfRange, Unit, out_of_range, quote, read_number
from grader.grading.writing import accepted_forms, choice_forms
from grader.lesson.expressions import show
from grader.lesson.manifest import AnswerSpec, Lesson, Task
from grader.lesson.units import quantity
from grader.result import CheckResult
from grader.submission.answers_file import MAX_KEPT, Answers, Conflict, Incomparable, is_empty, load_answers, put
from grader.submission.as_typed import unquoted

__all__ = ["accepted_forms", "answer_notes", "answers_in_tables", "grade_answer", "load_answers", "matches",
           "parse_choice", "parse_number"]

HOW_TO_WRITE = ("Write one number as on paper (digits, a power of ten or a number word), with at most the "
                "question's unit after it.")  # when the lesson's catalogue has no entry for unreadable answers
_ALTERNATIVES = re.compile(r"\s*(?:\bor\b|\band\b|/|&|,|;)\s*")
_LETTER = re.compile(r"\(?(?P<letter>[a-z])(?P<close>\))?(?P<sep>[\s.):,;!\-—–]*)(?P<rest>.*)", re.S)
_WORD_LETTERS = ("a", "i")  # letters that are English words: "A lot of…" is not choice A
_CONNECTORS = ("because", "since", "as")
# "Answer: B", "Option B", "the answer is B", "my choice: b": words that introduce a choice, said before it
_INTRODUCER = re.compile(r"(?:(?:my|the)\s+)?(?:answer|option|choice)(?:\s+is)?\s*[:=\-–—]?\s*(?=\S)")
# what may come between a choice and the same choice said again: "B (No)", "B, i.e. No", "No (B)", "B = No"
# said right after a choice, it doubts or rules it out: "B?", "B (or maybe A)", "B is wrong", "B was my first guess"
_DOUBT = re.compile(r"\s*\?|[\s(,;:\-–—]*(?:or\s+)?(?:maybe|perhaps|probably|possibly|not\s+sure)\b"
                    r"|\s*(?:is|was|'s)\s+(?:not\s+|n't\s+)?(?:wrong|incorrect|false|not\s+(?:right|correct|it)"
                    r"|(?:my|the)\s+first\s+guess|a\s+trap)\b|\s*(?:isn't|wasn't)\b", re.I)
_RULED_OUT = re.compile(r"(?:not|maybe|perhaps|probably|possibly)\s+", re.I)  # said before: "not A", "maybe B"
_AGAIN = re.compile(r"[\s(\[=:,;\-–—]*(?:(?:i\.\s?e\.?|or|that is)(?:\s*,)?\s+)?[\s(\[]*")


def parse_number(value, spec: AnswerSpec | tuple[str, ...] = ()) -> float:
    """Read a number as a person types it in the question's unit; AnswerFormatError says why not.

    ``spec`` is the question (its unit and prefixes), or only the spellings of its unit."""
    unit = spec.unit if isinstance(spec, AnswerSpec) else Unit(tuple(spec))
    if isinstance(value, Incomparable):
        raise out_of_range(value.what)
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise NotANumber(f"{quote(value)} is not a number")
    if isinstance(value, int):
        try:
            return float(value)
        except OverflowError:
            digits, exact = int_digits(value)
            raise out_of_range(f"{format_int(value)}, a whole number with {'' if exact else 'about '}"
                               f"{digits} digits") from None
    if isinstance(value, float):
        if not math.isfinite(value):
            raise NotANumber(f"{quote(value)} is not a finite number")
        return value
    tolerance = spec.tolerance if isinstance(spec, AnswerSpec) else None

    def step(text: str) -> float | None:
        try:
            return read_number(text, unit, tolerance)
        except NotANumber:
            return None

    try:
        value = checked_workings(value, step)
    except WorkingDisagrees as exc:  # refused as any other answer that is not one number (with the accepted forms)
        raise NotANumber(str(exc)) from None
    return read_number(value, unit, tolerance)


def parse_choice(value, choices: dict) -> str:
    """The letter of the chosen option: 'B', 'b', 'B.', '(B)', '“B”', 'No', 'B) No', 'Ｂ', an answer
    that starts with its choice and goes on explaining ('No, because of causal masking'), one
    that says its choice twice ('B (No)', 'No (B)'), and one introduced by a word ('Answer: B',
    'Option B', 'The answer is B'). Naming two choices ('A or B', 'B (Yes)', and in its
    explanation: 'B is wrong; the answer is A', 'A, since B would…': a machine cannot tell a
    mention in passing from a second answer) is refused as ambiguous, naming both, never
    resolved; so is a choice negated or hedged ('not A', 'B?', 'B (or maybe…)', 'A is wrong')."""
    forms = choice_forms(choices)
    if not isinstance(value, str) or len(value) > 2000:
        raise AnswerFormatError(f"{quote(value)} is not one of the choices: answer with {forms}")
    text = unquoted(unicodedata.normalize("NFKC", value)).lower().rstrip(".!").strip()  # full-width Ｂ is B
    by_label = {" ".join(str(label).split()).lower().rstrip("."): letter for letter, label in choices.items()}
    introduced = _INTRODUCER.match(text)
    if introduced and text not in by_label:
        text = text[introduced.end():]
    letters = {str(letter).lower(): letter for letter in choices}

    def choice(part: str) -> str | None:
        part = part.strip().rstrip(".!").strip()
        bare = re.fullmatch(r"\(?([a-z])\)?", part)
        return by_label.get(part) or (letters.get(bare.group(1)) if bare else None)

    if text in by_label:
        return by_label[text]
    named = dict.fromkeys(c for c in map(choice, _ALTERNATIVES.split(text)) if c)
    if len(named) > 1:
        raise _two(value, named)
    mentioned = _mentioned(unicodedata.normalize("NFKC", value), choices)

    def alone(chosen: str) -> str:
        """The choice, when no other is named beside it ("A, since B would…", "B is wrong; the answer is A")."""
        if any(other != chosen for other in mentioned):
            raise _two(value, dict.fromkeys([chosen, *mentioned]))
        return chosen

    ruled_out = _RULED_OUT.match(text)
    if ruled_out and (doubted := choice(text[ruled_out.end():]) or _leading_letter(text[ruled_out.end():],
                                                                                     letters)[0]):
        raise _doubted(value, doubted, choices, forms)  # "not A", "maybe B"
    letter, rest = _leading_letter(text, letters)
    if letter is None and (match := re.match(r"\(?([a-z])\)?", text)) and match.group(1) in letters \
            and _DOUBT.match(text[match.end():]):
        letter, rest = letters[match.group(1)], text[match.end():]  # "B?", "A is wrong"
    if letter is not None:
        if _DOUBT.match(rest):
            alone(letter)
            raise _doubted(value, letter, choices, forms)
        rest = _said_again(rest).rstrip(".!").strip()
        other = next((by_label[label] for label in _longest_first(by_label) if _starts_with(rest, label)), letter)
        if other != letter:
            raise AnswerFormatError(f"{quote(value)} names choice {letter} but the text of choice {other}: pick one")
        return alone(letter)
    label = next((label for label in _longest_first(by_label) if _starts_with(text, label)), None)
    if label is not None and _DOUBT.match(text[len(label):]):
        alone(by_label[label])
        raise _doubted(value, by_label[label], choices, forms)
    if label is not None:
        again = re.fullmatch(r"\(?([a-z])[)\]]?[.!]?", _said_again(text[len(label):]))  # "No (B)"
        other = letters.get(again.group(1)) if again else None
        if other is not None and other != by_label[label]:
            raise AnswerFormatError(f"{quote(value)} names choice {other} but the text of choice {by_label[label]}: "
                                    "pick one")
        return alone(by_label[label])
    if len(mentioned) > 1:
        raise _two(value, dict.fromkeys(mentioned))
    raise AnswerFormatError(f"{quote(value)} is not one of the choices: answer with {forms}")


def _two(value, named: dict) -> AnswerFormatError:
    return AnswerFormatError(f"{quote(value)} names {len(named)} choices ({' and '.join(named)}): pick one, and "
                             "give it alone (a reason may follow it, without the letter or text of another choice)")


def _mentioned(text: str, choices: dict) -> list[str]:
    """The choices a text names, as a person writes them (case kept): a capital letter standing
    alone ("B is wrong; the answer is A", "A, since B would ignore the mask"), or a choice's text
    as written in the question, capitalised or in capitals ("No is wrong: Yes"). Not a capital
    A or I that starts a sentence before a lower-case word ("B. A position waits…": an article),
    nor I at all (a pronoun); a lower-case letter or text is an ordinary word ("a position", "no way")."""
    found = []
    for letter, label in choices.items():
        letter, label = str(letter), " ".join(str(label).split())
        pattern = rf"(?<![\w'’-]){re.escape(letter)}(?![\w'’-])" if len(letter) == 1 and letter.isupper() else None
        hits = [m for m in re.finditer(pattern, text)] if pattern and letter != "I" else []
        if letter == "A":
            hits = [m for m in hits if not (re.fullmatch(r"(?:.*[.!?:;]\s*)?\s*[(\"“]?", text[:m.start()], re.S)
                                            and re.match(r"\s+[a-z]", text[m.end():]))]
        spelled = {label, label.capitalize(), label.upper()} if len(label) > 1 else set()
        if hits or any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text) for form in spelled):
            found.append(letter)
    return found


def _doubted(value, letter: str, choices: dict, forms: str) -> AnswerFormatError:
    others = " or ".join(str(other) for other in choices if other != letter)
    return AnswerFormatError(f"{quote(value)} is not one of the choices: it doubts or rules out choice {letter} "
                             f"instead of choosing (is {others} the one you mean?): answer with {forms}")


def _said_again(rest: str) -> str:
    """What follows a choice, without what introduces the same choice said again: "(", ", i.e. ", " = "."""
    return rest[_AGAIN.match(rest).end():]


def _leading_letter(text: str, letters: dict) -> tuple[str | None, str]:
    """(the choice a text starts with as a letter, what follows it): "b", "(b)", "b) …",
    "b, because …"; (None, "") when it starts with no letter of a choice."""
    match = _LETTER.match(text)
    if not match or match.group("letter") not in letters:
        return None, ""
    sep, rest = match.group("sep"), match.group("rest")
    if rest and not sep and not match.group("close"):
        return None, ""  # "bar": a word, not a letter
    if rest and not sep.strip() and not match.group("close") and match.group("letter") in _WORD_LETTERS \
            and not rest.startswith(_CONNECTORS):
        return None, ""  # "a position is…", "i think…"
    return letters[match.group("letter")], rest


def _longest_first(labels: dict) -> list[str]:
    return sorted((label for label in labels if label), key=len, reverse=True)


def _starts_with(text: str, label: str) -> bool:
    return text.startswith(label) and (len(text) == len(label) or not text[len(label)].isalnum())


def _read(spec: AnswerSpec, raw):
    """The answer as the question reads it (a float or a letter); AnswerFormatError says why not."""
    return parse_number(raw, spec) if spec.kind == "number" else parse_choice(raw, spec.choices)


def _agreed(spec: AnswerSpec, conflict: Conflict):
    """The one answer several typed values give, or AnswerFormatError naming where each was given."""
    readings = []
    for _, value in conflict.given:
        try:
            readings.append(_read(spec, value))
        except AnswerFormatError:
            readings.append(None)
    if None not in readings and all(_same(spec, readings[0], r) for r in readings):
        return readings[0]
    given = "; ".join(f"{quote(value)} ({where})" for where, value in conflict.given)
    more = ", …" if conflict.count > len(conflict.given) else ""
    raise AnswerFormatError(f"answered {conflict.count} times, differently: {given}{more}. Keep one answer: the "
                            "grader does not guess which one you mean")


def grade_answer(task: Task, answers: dict | None, problem: str | None, filename: str,
                 expected=None) -> CheckResult:
    """One check per answer task: was the answer given, readable, and right?

    Right means equal to one of the accepted values within the question's declared comparison
    (``matches``). ``expected`` replaces the manifest's accepted values (one value or a list:
    numbers in the question's first unit, or choice letters), for a student whose variant of the
    question has its own; None grades with the manifest's. Hints are matched the same way.
    A wrong answer graded on a student's own numbers says what it should have been
    (``CheckResult.expected``)."""
    spec = task.answer
    accepted = spec.accepted if expected is None else _values(spec, expected)
    name = f"{filename}:{spec.key}"
    own = expected is not None
    expected = spec.expected if expected is None else expected

    def failed(message: str, safe: str | None = None, diagnosis=None, unanswered: bool = False,
               example: bool = False) -> CheckResult:
        """``safe``: what a student may read if the task is secret (a hint can give the answer away). Graded on
        a student's own numbers, a wrong answer's message says the right one (a secret task's safe one never)."""
        if own and not unanswered:
            message = f"{message} (the right answer for your numbers: {_written(spec, expected)})"
        return CheckResult(name=name, passed=False, message=message, description=spec.question,
                           safe_message=safe or message, visibility=task.visibility, diagnosis=diagnosis,
                           unanswered=unanswered, expected=_written(spec, expected) if own else "",
                           lesson_example=example)

    if answers is None:
        return failed(problem)
    key = spec.key if spec.key in answers else _spelled_alike(spec.key, answers)
    if key is None:
        near = difflib.get_close_matches(spec.key, [str(k) for k in answers if isinstance(k, str)], n=1, cutoff=0.7)
        said = f", but it has {quote(near[0])}: did you mean {spec.key}?" if near else ""
        return failed(f"{filename} has no '{spec.key}' entry{said} (add a line: {spec.key} = \"your answer\")")
    raw = _with_alike(spec.key, key, answers)
    if is_empty(raw):
        return failed(f"not answered yet: {spec.question}" if spec.question else "not answered yet", unanswered=True)
    try:
        given = _agreed(spec, raw) if isinstance(raw, Conflict) else _read(spec, raw)
    except OutOfRange as exc:  # one number, not a notation to diagnose
        return failed(f"{spec.key}: {exc}")
    except NotANumber as exc:
        how = spec.unreadable.hint if spec.unreadable else HOW_TO_WRITE
        advice = f"{how} {accepted_forms(spec)}"
        diagnosis = replace(spec.unreadable, hint=advice) if spec.unreadable else None
        return failed(f"{spec.key}: {exc}. {advice}", diagnosis=diagnosis)
    except AnswerFormatError as exc:  # a broken line, a conflict, a choice that is none: the message says it all
        return failed(f"{spec.key}: {exc}")
    if any(matches(spec, given, value) for value in accepted):
        return CheckResult(name=name, passed=True, description=spec.question, visibility=task.visibility)
    not_right = f"you answered {quote(raw)}, which is not right"
    for hint in spec.hints:
        if matches(spec, given, hint.value):
            return failed(f"you answered {quote(raw)}: {hint.message}", not_right, hint.diagnosis, example=hint.example)
    return failed(f"{not_right}. {spec.wrong}".strip(), not_right)


def _written(spec: AnswerSpec, value) -> str:
    """A right answer as the report writes it: "2.6e13 FLOPs", "0.65 s", "B"."""
    if spec.kind != "number":
        return str(value)
    return f"{show(value, 'auto')} {spec.units[0]}" if spec.units else show(value, "auto")


def _spelled_alike(key: str, answers: dict) -> str | None:
    """The one key of ``answers`` that is ``key`` in other capitals or separators (``FLOPS``, ``Decode-Rate``):
    what was meant is not in doubt, so the answer counts; None when there is none, or more than one."""
    alike = [k for k in answers if _folded(k) == _folded(key)]
    return alike[0] if len(alike) == 1 else None


def _folded(name) -> str:
    """A key without its capitals and separators: ``Decode-Rate`` and ``decode_rate`` fold alike."""
    return re.sub(r"[\W_]+", "", name.casefold()) if isinstance(name, str) else ""


def _with_alike(key: str, found: str, answers: dict):
    """The answer under ``found``, or a ``Conflict`` when other keys spelled alike answer too (``FLOPS`` beside
    ``flops``, saying other numbers: two answers to one question, graded as a key given twice; issue 25's fifth
    battery)."""
    typed = [k for k in answers if _folded(k) == _folded(key) and not is_empty(answers[k]) and not isinstance(
        answers[k], dict)]
    if len(typed) < 2:
        return answers[found]
    places = getattr(answers, "places", {})
    given = [pair for k in typed for pair in (answers[k].given if isinstance(answers[k], Conflict) else
                                              ((f"{places.get(k, 'a line')} ({k})", answers[k]),))]
    return Conflict(tuple(given[:MAX_KEPT]), 0 if len(given) <= MAX_KEPT else len(given))


def matches(spec: AnswerSpec, given, value) -> bool:
    """Whether an answer as read (a float in the question's unit, or a letter) is ``value`` (an
    accepted value or a hint's) by the question's comparison: its tolerance for a number
    (``grader.lesson.tolerance``: rtol, atol or sigfigs), equality for a choice."""
    if spec.kind == "number":
        return spec.tolerance.accepts(given, float(value))
    return given == value


def _same(spec: AnswerSpec, first, other) -> bool:
    """Whether two answers to one question say the same (one answer written twice), whatever its tolerance."""
    return math.isclose(first, other, rel_tol=1e-9) if spec.kind == "number" else first == other


def _values(spec: AnswerSpec, expected) -> tuple:
    """Accepted values given by the caller (one, or a list or tuple of them), a number's in the
    question's unit: a string with a unit ("524 MB") is converted as the manifest's are."""
    values = tuple(expected) if isinstance(expected, (list, tuple)) else (expected,)
    if not values:
        raise ValueError(f"grade_answer: expected= names no accepted value for '{spec.key}'")
    if spec.kind != "number":
        return values
    found = tuple(quantity(value, spec.unit) for value in values)
    wrong = next((problem for problem in found if isinstance(problem, str)), None)
    if wrong:
        raise ValueError(f"grade_answer: an accepted value of '{spec.key}' {wrong}")
    return found


def answer_notes(answers: dict | None, lesson: Lesson) -> list[str]:
    """What reading the answers found beyond the answers themselves, said once each: the lines
    TOML refused, read as typed, and the lines that answer nothing (``Answers.notes``; a caller's
    own dict has none). The notes are the file's, whichever ``lesson`` grades it."""
    return list(answers.notes) if isinstance(answers, Answers) else []


def answers_in_tables(answers: dict | None, lesson: Lesson, filename: str) -> dict | None:
    """``answers`` as the lesson reads them. Answers go at the top of the file, but a student who
    put them under a table header (``[answers]``, ``[part1]``; or above whose answers a
    ``[name]`` header ended up) meant them all the same: an answer the lesson asks for that is
    not at the top but is in a table is read from there (one key in two tables is a Conflict,
    as a key given twice), and a note says so. An answer at the top is never replaced."""
    if not isinstance(answers, dict):
        return answers
    top = {key: value for key, value in answers.items() if not isinstance(value, dict)}
    tables = {name: dict(entries) for name, entries in answers.items() if isinstance(entries, dict)}
    read, used = Answers(top), []
    read.places.update(getattr(answers, "places", {}))
    for key in (t.answer.key for t in lesson.tasks if t.answer):
        if key in top or _spelled_alike(key, top) is not None:
            continue
        for name, entries in tables.items():
            found = key if key in entries else _spelled_alike(key, entries)
            if found is not None:
                put(read, found, entries.pop(found), f"under [{name}]")
                used += [name] if name not in used else []
    if not used:
        return answers
    read.update({name: rest for name, rest in tables.items() if rest and name not in read})  # its broken lines: noted
    read.notes = list(getattr(answers, "notes", []))
    read.notes.append(f"{filename} gives answers under {' and '.join(f'[{name}]' for name in used)}, so they were "
                      "read from there; answers go at the top of the file, before any [header]")
    return read
