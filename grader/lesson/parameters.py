"""A lesson's parameters: the numbers each student gets their own of (``[parameters]`` of lesson.toml).

The lesson prints its own worked answers next to its questions, so Part 1 could be copied
from the page or from a classmate. A lesson that declares parameters gives every student
their own numbers (``grader.lesson.variants``): each parameter lists the values it may take,
the lesson's own value is its ``example``, and how a sentence says it is its ``says``::

    [parameters]
    N = { choices = [1e9, 2e9, 7e9, 13e9], example = 7e9, says = "{=N:pow} parameters" }
    T = { range = [3, 12], step = 1, example = 4, says = "a {=T}-token prompt" }

``range`` and ``step`` spell out the choices (3, 4, …, 12); a step of a decimal fraction
(0.05) is counted in decimals, so 0.1 + 2 × 0.05 is 0.2, not 0.20000000000000001.

Each answer task says where its expected value comes from: ``from`` in ``[tasks.answer]``,
an expression of the parameters calling the lesson's functions (``grader.lesson.expressions``),
evaluated on the reference solution; so does each of its hints (``{ value = 7e12,
from = "prefill_flops(N, P) / 2", ... }``). ``expected`` and ``value`` stay: they are the
lesson's example, and ``grader validate`` checks that the reference gives them there.
Questions, ``wrong``, hint messages and the catalogue's hints may hold placeholders
(``{=N:pow}``, ``{=flops:e}`` for an answer's expected value); the lesson as loaded shows its
own numbers, so a lesson graded without a student id reads exactly as it always did. A lesson
without ``[parameters]`` is left untouched, placeholders included.

A person must be able to compute every answer by hand: ``FIGURES``. A student's numbers are
drawn again (deterministically) until every number answer has at most that many significant
figures and differs from its own hints' values (``by_hand``), and ``grader validate`` refuses a
declaration where too few combinations do.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path

from grader.exceptions import ConfigError
from grader.lesson.expressions import Expression, check_text, parse, render, significant_figures

FIGURES = 3  # at most this many significant figures in every number answer: 1.4e13, 0.175, 78; never 0.009375
MAX_CHOICES = 1000  # per parameter: a range that spells out more is a mistake (a step too small)
_KEYS = {"choices", "range", "step", "example", "says"}


@dataclass(frozen=True)
class Parameter:
    name: str
    choices: tuple  # ints or floats, in the declared order
    example: int | float  # the lesson's own value, one of the choices
    says: str  # a template: how a sentence says this parameter ("{=N:pow} parameters")


@dataclass(frozen=True)
class AnswerSource:
    """Where an answer task's expected value and hints come from, and its texts as written (templates)."""

    task: str  # the answer task's id
    key: str  # its key in answers.toml
    number: bool  # a number answer (a choice has no source)
    source: Expression | None  # ``from``: None keeps the declared ``expected`` for every student
    example: object  # the declared ``expected``: the lesson's own answer
    hints: tuple[Expression | None, ...]  # each hint's ``from``, in the hints' order
    title: str  # the task's title
    yours: str  # how a sentence says the numbers this answer is for ("a 13·10⁹-parameter model and ..."), or ""
    question: str
    wrong: str
    messages: tuple[str, ...]  # each hint's message as written
    diagnosis_hints: tuple[str | None, ...]  # each hint's diagnosis's hint as written (the catalogue's)


@dataclass(frozen=True)
class Parameters:
    """A lesson's declared parameters and what depends on them."""

    source: str  # the manifest's path, for messages
    parameters: tuple[Parameter, ...]
    answers: tuple[AnswerSource, ...]
    catalogue: dict = field(default_factory=dict, hash=False, compare=False)  # code -> (when, hint) as written
    # a student bundle's [draws] (written by `grader release`, which has the reference): the combinations, by
    # ``index``, whose answers are not by hand; the bundle has no reference and no answers to compute them
    not_by_hand: frozenset[int] | None = field(default=None, hash=False, compare=False)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parameters)

    def example(self) -> dict:
        return {p.name: p.example for p in self.parameters}

    def combinations(self) -> int:
        count = 1
        for p in self.parameters:
            count *= len(p.choices)
        return count

    def index(self, values: dict) -> int:
        """The position of a combination of choices in ``every``'s order (what a bundle's [draws] lists)."""
        position = 0
        for p in self.parameters:
            position = position * len(p.choices) + p.choices.index(values[p.name])
        return position

    def every(self):
        """Every combination of the parameters' choices, as dicts, in declared order."""
        for values in itertools.product(*(p.choices for p in self.parameters)):
            yield dict(zip(self.names, values, strict=True))

    def choose(self, student: str, salt: str, lesson: str, attempt: int = 0) -> dict:
        """The values of a (normalised) student id's ``attempt``-th draw: each parameter's choice picked by
        sha256 of the salt, the lesson, the id, the parameter's name and the attempt. Never Python's ``hash``
        (salted per process): the same on every machine and every regrade; another salt, other numbers;
        another lesson, numbers drawn independently; a parameter added later leaves the others' draws alone."""
        values = {}
        for p in self.parameters:
            text = "\x1f".join((salt, lesson, student, p.name, str(attempt)))  # no id or salt holds \x1f
            digest = hashlib.sha256(text.encode("utf-8")).digest()
            values[p.name] = p.choices[int.from_bytes(digest[:8], "big") % len(p.choices)]
        return values

    def template_values(self, parameters: dict, answers: dict) -> dict:
        """What a text's placeholders may name: the parameters, and each number answer's key."""
        values = dict(parameters)
        values.update({a.key: answers[a.task] for a in self.answers if a.number and a.task in answers})
        return values


def load_parameters(source: str, data: dict, tasks: tuple, catalogue: tuple, functions: tuple[str, ...]):
    """(Parameters or None, the tasks, the catalogue): the ``[parameters]`` of the manifest ``data`` and
    each answer's ``from``, with every text rendered at the lesson's own numbers. Without ``[parameters]``
    everything is returned as it came. ``functions``: the lesson's code tasks' functions."""
    table = data.get("parameters")
    raw_tasks = data.get("tasks") or []
    if table is None:
        for i, raw in enumerate(raw_tasks):
            answer = raw.get("answer") if isinstance(raw, dict) else None
            if isinstance(answer, dict) and ("from" in answer or any(isinstance(h, dict) and "from" in h
                                                                     for h in answer.get("hints", []))):
                raise ConfigError(source, "an answer's 'from' needs the lesson's [parameters]", f"tasks[{i}].answer")
        return None, tasks, catalogue
    if not isinstance(table, dict) or not table:
        raise ConfigError(source, "must be a table of parameters such as N = { choices = [...], example = ... }",
                          "parameters")
    parameters = tuple(_parameter(source, name, spec) for name, spec in table.items())
    names = tuple(p.name for p in parameters)
    keys = tuple(t.answer.key for t in tasks if t.answer is not None and t.answer.kind == "number")
    clash = set(names) & (set(keys) | set(functions))
    if clash:
        raise ConfigError(source, f"'{min(clash)}' names a parameter and an answer or a function: rename one",
                          "parameters")
    raw_catalogue = {e.code: (e.when, e.hint) for e in catalogue}
    catalogue_file = str(Path(source).with_name("diagnoses.toml"))
    for i, texts in enumerate(raw_catalogue.values()):  # first: an answer's hint may be a diagnosis's text
        for text, key in zip(texts, ("when", "hint"), strict=True):
            check_text(text, catalogue_file, f"diagnoses[{i}].{key}", names + keys)
    answers = tuple(_answer(source, i, raw_tasks[i]["answer"], task, names, keys, functions, catalogue)
                    for i, task in enumerate(tasks) if task.answer is not None)
    for p in parameters:
        check_text(p.says, source, f"parameters.{p.name}.says", names)
    found = Parameters(source, parameters, answers, raw_catalogue, _draws(source, data.get("draws"), parameters))
    values = found.template_values(found.example(), {a.task: a.example for a in answers})
    catalogue = tuple(replace(e, when=render(e.when, values), hint=render(e.hint, values)) for e in catalogue)
    return found, tuple(at_values(found, t, values) for t in tasks), catalogue


def _draws(source: str, table, parameters: tuple[Parameter, ...]) -> frozenset[int] | None:
    """A student bundle's ``[draws]``: ``of`` (how many combinations the release counted) and
    ``not_by_hand`` (the positions, in ``Parameters.every``'s order, of those whose answers are not by
    hand); None where the manifest has none (the course's own: it computes them on the reference)."""
    if table is None:
        return None
    count = math.prod(len(p.choices) for p in parameters)
    listed = table.get("not_by_hand") if isinstance(table, dict) else None
    if not isinstance(table, dict) or table.get("of") != count or not isinstance(listed, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < count for i in listed):
        raise ConfigError(source, f"must be {{ of = {count}, not_by_hand = [...] }}: the positions of the "
                          f"{count} combinations of [parameters] whose answers are not by hand, as 'grader release' "
                          "writes them (release the bundle again)", "draws")
    return frozenset(listed)


def at_values(found: Parameters, task, values: dict, hint_values: tuple | None = None):
    """``task`` with its answer's texts rendered with ``values`` (and its hints' values replaced by
    ``hint_values`` where given); a code task as it is."""
    answer = next((a for a in found.answers if a.task == task.id), None)
    if answer is None:
        return task
    spec = task.answer
    hints = []
    for i, hint in enumerate(spec.hints):
        diagnosis = hint.diagnosis
        if diagnosis is not None and answer.diagnosis_hints[i] is not None:
            diagnosis = replace(diagnosis, hint=render(answer.diagnosis_hints[i], values))
        value = hint.value if hint_values is None or hint_values[i] is None else hint_values[i]
        hints.append(replace(hint, value=value, message=render(answer.messages[i], values), diagnosis=diagnosis))
    spec = replace(spec, question=render(answer.question, values), wrong=render(answer.wrong, values),
                   hints=tuple(hints))
    return replace(task, title=render(answer.title, values), answer=spec)


def _answer(source: str, index: int, raw: dict, task, names, keys, functions, catalogue) -> AnswerSource:
    where = f"tasks[{index}].answer"
    spec = task.answer
    number = spec.kind == "number"
    expression = None
    if "from" in raw:
        if not number:
            raise ConfigError(source, "a choice has no 'from': its expected letter is the same for everyone",
                              f"{where}.from")
        expression = parse(raw["from"], source, f"{where}.from", names, functions)
    raw_hints = raw.get("hints", [])
    hints = []
    for i, hint in enumerate(raw_hints):
        key = f"{where}.hints[{i}]"
        if "from" in hint:
            if expression is None:
                raise ConfigError(source, "a hint's 'from' needs the answer's own 'from'", f"{key}.from")
            hints.append(parse(hint["from"], source, f"{key}.from", names + keys, functions))
        elif expression is not None:
            raise ConfigError(source, "needs 'from' like its answer's: a value fixed at the lesson's numbers would "
                              "name a misconception for students whose numbers differ", key)
        else:
            hints.append(None)
    question = raw.get("question", "")
    wrong = raw.get("wrong", "")
    messages = tuple(hint.message for hint in spec.hints)  # as written: a diagnosis's hint unless a message is given
    by_code = {e.code: e.hint for e in catalogue}
    diagnosis_hints = tuple(by_code.get(h.diagnosis.code) if h.diagnosis else None for h in spec.hints)
    yours = raw.get("yours", "")
    if not isinstance(yours, str):
        raise ConfigError(source, "must be a text", f"{where}.yours")
    texts = [(task.title, f"tasks[{index}].title"), (question, f"{where}.question"), (wrong, f"{where}.wrong"),
             (yours, f"{where}.yours"),
             *((m, f"{where}.hints[{i}]") for i, m in enumerate(messages))]
    for text, key in texts:
        check_text(text, source, key, names + keys)
    return AnswerSource(task.id, spec.key, number, expression, spec.expected, tuple(hints), task.title, yours,
                        question, wrong, messages, diagnosis_hints)


def _parameter(source: str, name: str, spec) -> Parameter:
    where = f"parameters.{name}"
    if not name.isidentifier() or name.startswith("_"):
        raise ConfigError(source, "a parameter's name must be a name as in Python (N, peak, n_out)", where)
    if not isinstance(spec, dict):
        raise ConfigError(source, "must be an inline table such as { choices = [1, 2], example = 1 }", where)
    unknown = set(spec) - _KEYS
    if unknown:
        raise ConfigError(source, f"unknown keys {', '.join(sorted(unknown))} (known: {', '.join(sorted(_KEYS))})",
                          where)
    if ("choices" in spec) == ("range" in spec):
        raise ConfigError(source, "give either 'choices' (a list) or 'range' = [low, high] with a 'step'", where)
    choices = _choices(source, where, spec)
    example = spec.get("example")
    if not _is_number(example) or example not in choices:
        raise ConfigError(source, f"'example' must be the lesson's own value, one of the choices ({_listed(choices)})",
                          where)
    says = spec.get("says", f"{name} = {{={name}}}")
    if not isinstance(says, str) or not says.strip():
        raise ConfigError(source, "'says' must be a text such as \"{=N:pow} parameters\"", where)
    return Parameter(name, choices, choices[choices.index(example)], says)


def _choices(source: str, where: str, spec: dict) -> tuple:
    if "choices" in spec:
        choices = spec["choices"]
        if not isinstance(choices, list) or not choices or not all(_is_number(c) for c in choices):
            raise ConfigError(source, "'choices' must be a non-empty list of numbers", where)
        if len(set(choices)) < len(choices):
            raise ConfigError(source, "'choices' lists a value twice", where)
        return tuple(choices)
    bounds, step = spec["range"], spec.get("step")
    if not (isinstance(bounds, list) and len(bounds) == 2 and all(_is_number(b) for b in bounds)) \
            or not _is_number(step) or step <= 0 or bounds[0] > bounds[1]:
        raise ConfigError(source, "'range' must be [low, high] (low ≤ high) with a positive 'step'", where)
    try:
        low, high, size = (Decimal(repr(x)) for x in (*bounds, step))
    except InvalidOperation:
        raise ConfigError(source, "'range' and 'step' must be finite numbers", where) from None
    count = int((high - low) / size) + 1
    if count > MAX_CHOICES:
        raise ConfigError(source, f"spells out {count} choices (at most {MAX_CHOICES}): a larger step?", where)
    whole = all(isinstance(x, int) for x in (*bounds, step))
    return tuple(int(low + k * size) if whole else float(low + k * size) for k in range(count))


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and abs(value) != \
        float("inf")


def _listed(choices: tuple) -> str:
    shown = ", ".join(repr(c) for c in choices[:8])
    return shown + (", …" if len(choices) > 8 else "")


def by_hand(answers: dict, found: Parameters, hints: dict | None = None) -> list[str]:
    """The answers of ``answers`` (by task id) that do not make a question for a person with these numbers:
    more than ``FIGURES`` significant figures (not computed by hand), or equal to one of the answer's own
    ``hints`` (a misconception that gives the right answer tells nothing apart: with TTFT equal to ITL the
    steady decode rate is the total request output rate). Empty when every one does."""
    def degenerate(answer) -> bool:
        values = (hints or {}).get(answer.task, ())
        return any(v is not None and math.isclose(v, answers[answer.task], rel_tol=1e-9) for v in values)
    return [a.task for a in found.answers if a.source is not None
            and (significant_figures(answers[a.task]) > FIGURES or degenerate(a))]
