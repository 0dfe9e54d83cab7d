"""A student's variant of a lesson: their own numbers, and the answers and texts that follow from them.

``variant_for(lesson, student, salt, reference)`` draws the student's parameters from their id
and the term's salt (``Parameters.choose``: sha256, the same on every machine and regrade),
again until every number answer can be computed by hand (``parameters.FIGURES``), and computes
each answer and hint from the reference solution's functions on those numbers (their ``from``).
Without an id, or for a lesson without parameters, the variant is the lesson's own: its
declared answers, nothing computed, nothing changed.

``specialise(lesson, variant)`` is the lesson as that student reads it: its questions, hints and
``wrong`` texts rendered with their numbers, its hints' values theirs, and one hint more, last (a
misconception their own numbers explain is named first): the lesson's own answer, which a student
copying the worked example gives, is told as such
("1.4e13 is the lesson's worked example; your numbers are 13·10⁹ parameters and a 2000-token
prompt"). The expected values themselves are passed to the answer comparison by the grade
(``variant.answers``); the lesson keeps its own ``expected``, which the accepted forms quote
as an example of the answer's size and which is no secret.

``normalise_id`` is the one reading of a student id for every source (a command line, a batch's
entries, Gradescope's metadata, a GitHub login): invisible format characters removed, Unicode
NFKC, case folded, surrounding whitespace stripped and each run of spaces inside made one. The
same student reaches the grader through several of them, and logins and e-mail addresses are
case-insensitive where they come from, so neither the case nor the Unicode spelling of an id
may change a student's numbers:

- format characters (category Cf: a BOM that a UTF-8 roster starts with, a zero-width space
  or joiner, a soft hyphen, a word joiner) are invisible, so the id a person sees and types is
  the one without them: they are removed, where they used to refuse the id;
- NFKC rather than NFC, because the compatibility forms a keyboard or a roster gives (full-width
  ``ａｌｉｃｅ`` from an East Asian input method, a no-break space, the ligature ``ﬁ``) look
  the same as, and never name a person other than, their plain forms;
- two spaces in a row inside a name are a slip of typing or of a spreadsheet, never two people.

A plain ASCII id reads exactly as it always did (stripped and case folded) unless it has a run
of spaces inside, so no student's numbers change. An id holding a real control character (a
newline, NUL, an escape, C0 and C1, a line separator) or longer than ``ID_LIMIT`` is refused,
never hashed: it is hostile input, not a student.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from grader.exceptions import ConfigError, UsageError
from grader.lesson.expressions import render, show
from grader.lesson.manifest import Hint, Lesson
from grader.lesson.parameters import Parameters, at_values, by_hand

ID_LIMIT = 1100  # characters of a student id: a 255-byte file name, every byte escaped (as class folders bound ids)
_SPACES = re.compile(r"\s{2,}")  # after control characters are refused, only spaces are left to collapse
ATTEMPTS = 1000  # draws of a student's numbers before a lesson whose answers are never by hand is refused
SALT_KEY = "term.salt"  # where course.toml keeps the term's salt (grader.lesson.course.Course.salt)


def normalise_id(raw: str | None) -> str | None:
    """The student id as every source reads it (the module docstring); None for no id (blank too)."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise UsageError(f"a student id must be text, not {type(raw).__name__}")
    visible = "".join(c for c in raw if unicodedata.category(c) != "Cf")
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold()).strip()
    if not text:
        return None
    if len(text) > ID_LIMIT:
        raise UsageError(f"student id {text[:40]!r}… is longer than {ID_LIMIT} characters")
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in text):
        raise UsageError(f"student id {text[:40]!r} holds a control character: not an id")
    return _SPACES.sub(" ", text)


def folded_id(name: str) -> str:
    """``name`` as ``normalise_id`` reads it (``Alice`` and ``alice`` are one student), or as written where it is
    no id at all (blank, too long, a control character): what tells whether two names are one student's
    (a Blackboard username written in two cases, ``zz.py`` renamed ``ZZ.py``: ``grader.batch``)."""
    try:
        return normalise_id(name) or name
    except UsageError:
        return name


@dataclass(frozen=True)
class Variant:
    """One student's numbers for one lesson, and the answers the reference gives for them."""

    lesson: str
    student: str | None  # the normalised id; None: the lesson's own numbers
    parameters: dict  # name -> value, in lesson.toml's order ({} for a lesson without parameters)
    answers: dict  # answer task id -> expected value (a number, or a choice's letter)
    example: bool = True  # these are the lesson's own numbers
    calls: tuple = ()  # (function, args) of every reference call the answers were computed with
    hints: dict = field(default_factory=dict)  # answer task id -> each hint's value for these numbers (or None)
    says: tuple = ()  # (name, how a sentence says it: "13·10⁹ parameters"), in order

    def calls_of(self, function: str) -> list[tuple]:
        """The arguments of each call of ``function`` made on this student's numbers (the own-number checks'
        inputs); none for the lesson's own numbers, which the visible checks ask already."""
        return [] if self.example else [args for name, args in self.calls if name == function]

    def describe(self, names=None) -> str:
        """The parameters named (all without ``names``) as sentences say them: "13·10⁹ parameters, a 2000-token
        prompt"."""
        parts = [text for name, text in self.says if names is None or name in names]
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + (parts[-1] if parts else "")

    def to_dict(self) -> dict:
        return {"lesson": self.lesson, "student": self.student, "parameters": dict(self.parameters),
                "answers": dict(self.answers)}


def own_numbers(lesson: Lesson) -> Variant:
    """The lesson's own variant: its examples and declared answers."""
    spec: Parameters | None = lesson.parameters
    answers = {t.id: t.answer.expected for t in lesson.tasks if t.answer is not None}
    parameters = spec.example() if spec else {}
    return Variant(lesson.id, None, parameters, answers, True, says=_says(spec, parameters, answers))


def variant_for(lesson: Lesson, student: str | None, salt: str | None, reference) -> Variant:
    """``student``'s variant of ``lesson`` (the module docstring). ``reference``: the reference solution's
    module (or anything whose attributes are the lesson's functions), asked only for a student's numbers."""
    spec: Parameters | None = lesson.parameters
    student = normalise_id(student)
    if spec is None or student is None:
        return own_numbers(lesson)
    if not salt:
        raise ConfigError("course.toml", "has no salt for this term, and the lesson gives each student their own "
                          "numbers: add [term] with salt = \"...\" (any text; change it every term)", SALT_KEY)
    for attempt in range(ATTEMPTS):
        parameters = spec.choose(student, salt, lesson.id, attempt)
        found = with_parameters(lesson, parameters, reference, student)
        if _drawn_by_hand(spec, parameters, found):
            return found
    raise ConfigError(spec.source, f"no draw of {ATTEMPTS} for student {student!r} gives answers that can be computed "
                      "by hand: choose the parameters' choices so that most combinations do ('grader validate' counts "
                      "them)", "parameters")


def _drawn_by_hand(spec: Parameters, parameters: dict, found: Variant) -> bool:
    """Whether a draw gives answers by hand: computed on the reference; in a student bundle, which has no
    answers to compute, as the release computed it (its [draws]), so that the bundle draws the numbers the
    autograder grades with."""
    if spec.not_by_hand is not None and not any(a.source is not None for a in spec.answers):
        return spec.index(parameters) not in spec.not_by_hand
    return not by_hand(found.answers, spec, found.hints)


def not_by_hand(lesson: Lesson, reference) -> list[int]:
    """The positions (``Parameters.index``) of the combinations of ``lesson``'s parameters whose answers,
    computed on ``reference``, are not by hand: what a student bundle's [draws] lists."""
    spec: Parameters = lesson.parameters
    return [i for i, values in enumerate(spec.every())
            if by_hand((found := with_parameters(lesson, values, reference, says=False)).answers, spec, found.hints)]


def with_parameters(lesson: Lesson, parameters: dict, reference, student: str | None = None,
                    says: bool = True) -> Variant:
    """The variant of these parameter values: each answer and hint computed on the reference (and how sentences
    say the parameters, unless ``says`` is false). A reference that cannot compute one is a ConfigError naming
    the answer's ``from`` (the solution or the lesson is at fault)."""
    spec: Parameters = lesson.parameters
    answers = {t.id: t.answer.expected for t in lesson.tasks if t.answer is not None}
    calls: list = []
    for answer in spec.answers:
        if answer.source is not None:
            answers[answer.task] = _computed(spec, answer.source, parameters, reference, calls, answer.task, "from")
    values = spec.template_values(parameters, answers)
    hints = {}
    for answer in spec.answers:
        hints[answer.task] = tuple(None if source is None else
                                   _computed(spec, source, values, reference, [], answer.task, f"hints[{i}].from")
                                   for i, source in enumerate(answer.hints))
    example = parameters == spec.example()
    return Variant(lesson.id, student, dict(parameters), answers, example, tuple(dict.fromkeys(
        (name, args) for name, args in calls)), hints, _says(spec, parameters, answers) if says else ())


def _computed(spec: Parameters, source, values: dict, reference, calls: list, task: str, key: str):
    try:
        return source.evaluate(values, reference, calls)
    except AttributeError as exc:
        raise ConfigError(spec.source, f"'{source.text}': the reference solution has no {exc.name}",
                          f"answer of {task}, {key}") from None
    except Exception as exc:  # noqa: BLE001 - whatever the reference raises, the lesson cannot be graded so
        shown = ", ".join(f"{k} = {show(v)}" for k, v in values.items() if k in source.names())
        raise ConfigError(spec.source, f"'{source.text}' fails for {shown} ({type(exc).__name__}: {exc})",
                          f"answer of {task}, {key}") from None


def _says(spec: Parameters | None, parameters: dict, answers: dict) -> tuple:
    if spec is None:
        return ()
    values = spec.template_values(parameters, answers)
    return tuple((p.name, render(p.says, values)) for p in spec.parameters)


def specialise(lesson: Lesson, variant: Variant) -> Lesson:
    """``lesson`` as the student of ``variant`` reads it (the module docstring); the lesson itself for its
    own numbers."""
    spec: Parameters | None = lesson.parameters
    if spec is None or variant.student is None:
        return lesson
    values = spec.template_values(variant.parameters, variant.answers)
    tasks = []
    for task in lesson.tasks:
        answer = next((a for a in spec.answers if a.task == task.id), None)
        if answer is None:
            tasks.append(task)
            continue
        task = at_values(spec, task, values, variant.hints.get(task.id))
        if answer.source is not None and variant.answers[task.id] != answer.example:
            said = render(answer.yours, values) if answer.yours else variant.describe(answer.source.names())
            note = Hint(value=answer.example, example=True,
                        message=f"{show(answer.example)} is the lesson's worked example, not your own answer: "
                                f"yours is for {said}. Work it out with your numbers.")
            task = replace(task, answer=replace(task.answer, hints=(*task.answer.hints, note)))
        tasks.append(task)
    return replace(lesson, tasks=tuple(tasks), variant=variant)


def render_for(lesson: Lesson, text: str, variant: Variant | None = None, source: str = "") -> str:
    """A file's text of the lesson (its solution's module and answers, its notebook template) with each
    placeholder rendered with ``variant``'s numbers, or the lesson's own; as written for a lesson without
    parameters. A placeholder that cannot be rendered is a ConfigError naming ``source``."""
    spec: Parameters | None = lesson.parameters
    if spec is None:
        return text
    if variant is None or variant.student is None:
        variant = own_numbers(lesson)
    try:
        return render(text, spec.template_values(variant.parameters, variant.answers))
    except ValueError as exc:
        raise ConfigError(source or str(lesson.suite_dir), str(exc)) from None


def describe_variant(lesson: Lesson, variant: Variant) -> str:
    """The variant for people (``grader variant --format text``): whose it is, each number, each answer."""
    who = f"student {variant.student}" if variant.student else "the lesson's own numbers (no student id)"
    lines = [f"{lesson.id}: {who}"]
    said = dict(variant.says)
    width = max((len(name) for name in [*variant.parameters, *variant.answers]), default=0)
    if variant.parameters:
        lines.append("parameters:")
        lines += [f"  {name:<{width}}  {show(value):<10} {said.get(name, '')}".rstrip()
                  for name, value in variant.parameters.items()]
    lines.append("answers:")
    for task in lesson.tasks:
        if task.answer is not None:
            value = variant.answers[task.id]
            unit = f" {task.answer.units[0]}" if task.answer.kind == "number" and task.answer.units else ""
            lines.append(f"  {task.id:<{width}}  {show(value) if task.answer.kind == 'number' else value}{unit}")
    return "\n".join(lines) + "\n"
