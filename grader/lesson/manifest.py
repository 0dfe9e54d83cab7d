"""A lesson's manifest (``suites/<lesson>/lesson.toml``): its tasks, points and answers.

Everything lesson-specific that is not a check lives here, so that a new lesson is a new
folder and never an engine change. Every problem is reported as a ConfigError naming the
manifest file and the key, because the person fixing it is an instructor editing TOML.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

from grader.exceptions import ConfigError
from grader.lesson import options
from grader.lesson.catalogue import CATALOGUE_NAME, Entry, check_tasks, engine_entry, find, load_catalogue
from grader.lesson.contract import load_contracts
from grader.lesson.options import Option
from grader.lesson.parameters import load_parameters
from grader.lesson.tolerance import KINDS as TOLERANCES
from grader.lesson.tolerance import RTOL_1, Tolerance
from grader.lesson.tolerance import problem as tolerance_problem
from grader.lesson.units import PREFIXES, Unit, find_prefix, mixed_kinds, quantity
from grader.result import VISIBILITIES, Diagnosis  # Gradescope's four

MANIFEST_NAME = "lesson.toml"


@dataclass(frozen=True)
class Hint:
    """A wrong answer worth recognising, and what to tell whoever gave it."""

    value: object
    message: str
    diagnosis: Diagnosis | None = None  # from the lesson's catalogue, when the hint names a code
    example: bool = False  # the lesson's own answer, given by a student whose numbers differ (grader.lesson.variants)


@dataclass(frozen=True)
class AnswerSpec:
    """One answer task's question, as ``[tasks.answer]`` declares it (docs/authoring.md, "The answer declaration").

    ``expected`` and ``alternatives`` are the accepted values, numbers in the question's first
    unit (``"524 MB"`` in the manifest is 524 in a question in MB) or choice letters; feedback
    that shows the right answer shows ``expected``. Nothing here assumes they are the
    manifest's: a per-student variant grades with its own (``grade_answer(..., expected=)``)."""

    key: str
    kind: str  # "number" or "choice"
    expected: object
    question: str = ""
    wrong: str = ""  # said after any wrong answer that no hint recognises
    tolerance: Tolerance = RTOL_1  # of a number: rtol, atol or sigfigs (grader.lesson.tolerance)
    units: tuple[str, ...] = ()  # spellings of the answer's unit, the first as reports show it ("s")
    prefixes: tuple[str, ...] | None = None  # the lesson's list (grader.lesson.units); None: not declared
    choices: dict = field(default_factory=dict)
    hints: tuple[Hint, ...] = ()
    unreadable: Diagnosis | None = None  # said when the answer cannot be read (a catalogue code)
    alternatives: tuple = ()  # accepted as well as ``expected``: "524 MB or 500 MiB"

    @property
    def accepted(self) -> tuple:
        return (self.expected, *self.alternatives)

    @property
    def unit(self) -> Unit:
        return Unit(self.units, self.prefixes)


@dataclass(frozen=True)
class Fact:
    """A number the lesson text states, which no solution may change (see grader.authoring.facts).

    Exactly one of ``function`` (called on the solution module with ``args``) and ``answer``
    (a key of the solution's answers file) says where a solution gives it.
    """

    says: str  # where the lesson states it, quoted when a solution disagrees
    expected: object
    function: str | None = None
    args: tuple = ()
    answer: str | None = None
    rel_tol: float = 1e-6


@dataclass(frozen=True)
class Task:
    id: str
    title: str
    points: float
    function: str | None = None  # code tasks: the student function their checks call
    answer: AnswerSpec | None = None  # answer tasks: graded from answers.toml
    call_seconds: float | None = None
    visibility: str = "hidden"  # of this task's checks, unless a check has its own below
    check_visibility: tuple[tuple[str, str], ...] = ()  # (check name, visibility) from [visibility.overrides]

    @property
    def is_code(self) -> bool:
        return self.answer is None

    def visibility_of(self, check: str) -> str:
        """A check's visibility: its exact name ("agrees[5x3]"), else its base name ("agrees"), else the task's."""
        named = dict(self.check_visibility)
        return named.get(check) or named.get(check.split("[", 1)[0]) or self.visibility


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    module: str  # the student's module file, e.g. "prefill.py"
    answers: str  # the student's answers file, e.g. "answers.toml"
    suite_dir: Path
    tasks: tuple[Task, ...]
    # the limits: declared (default, meaning) once, in grader.lesson.options
    call_seconds: float = options.default("call_seconds")
    import_seconds: float = options.default("import_seconds")
    submission_seconds: float = options.default("submission_seconds")
    memory_mb: float = options.default("memory_mb")
    facts: tuple[Fact, ...] = ()  # the lesson's headline numbers, from [[facts]]
    diagnoses: tuple[Entry, ...] = ()  # the lesson's misconceptions, from diagnoses.toml (grader.lesson.catalogue)
    # function -> Contract, from [contract] (grader.lesson.contract)
    contracts: dict = field(default_factory=dict, hash=False, compare=False)
    # the students' own numbers: [parameters] and each answer's source (grader.lesson.parameters), or None
    parameters: object = field(default=None, hash=False, compare=False)
    # the variant this lesson's answers and texts are for (grader.lesson.variants.specialise); None: its own numbers
    variant: object = field(default=None, hash=False, compare=False)

    @property
    def manifest_path(self) -> Path:
        return self.suite_dir / MANIFEST_NAME

    @property
    def module_name(self) -> str:
        return Path(self.module).stem

    @property
    def code_tasks(self) -> tuple[Task, ...]:
        return tuple(t for t in self.tasks if t.is_code)

    def task(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise KeyError(task_id)

    def diagnosis(self, code: str) -> Entry | None:
        """The catalogue entry of ``code`` (the lesson's, else the engine's, declared for every code
        task), or None when neither catalogue has such a code."""
        return find(self.diagnoses, code) or engine_entry(code, tuple(t.id for t in self.code_tasks))


def load_lesson(suite_dir: Path) -> Lesson:
    path = Path(suite_dir) / MANIFEST_NAME
    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(source, "the lesson manifest is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(source, f"cannot be read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, f"is not valid TOML: {exc}") from None
    read = _Reader(source, data)
    tasks_data = read.get("tasks", list)
    if not tasks_data:
        raise ConfigError(source, "declares no tasks", "tasks")
    catalogue = load_catalogue(Path(suite_dir))
    tasks = tuple(_task(_Reader(source, t, f"tasks[{i}]"), source, catalogue) for i, t in enumerate(tasks_data))
    ids = [t.id for t in tasks]
    for i, task_id in enumerate(ids):
        if task_id in ids[:i]:
            raise ConfigError(source, f"task id '{task_id}' is used twice", f"tasks[{i}].id")
    check_tasks(catalogue, tuple(ids), str(Path(suite_dir) / CATALOGUE_NAME))
    functions = tuple(t.function for t in tasks if t.is_code)
    parameters, tasks, catalogue = load_parameters(source, data, tasks, catalogue, functions)  # texts at the example
    tasks = _with_visibility(_Reader(source, read.get("visibility", dict, {}), "visibility"), tasks)
    settings = {option.name: read.option(option) for option in options.LESSON}
    return Lesson(
        **settings, suite_dir=Path(suite_dir), tasks=tasks,
        facts=tuple(_fact(_Reader(source, f, f"facts[{i}]"), tasks) for i, f in enumerate(read.get("facts", list, []))),
        diagnoses=catalogue,
        contracts=load_contracts(source, read.get("contract", dict, {}), functions), parameters=parameters,
    )


def _fact(read: _Reader, tasks: tuple[Task, ...]) -> Fact:
    """One [[facts]] entry: a headline number and where a solution gives it."""
    if ("function" in read.data) == ("answer" in read.data):
        raise ConfigError(read.source, "a fact needs exactly one of 'function' (called on the solution) "
                          "and 'answer' (a key of the solution's answers file)", read.prefix)
    answer = read.get("answer", str, None)
    keys = [t.answer.key for t in tasks if t.answer]
    if answer is not None and answer not in keys:
        raise ConfigError(read.source, f"names no answer of this lesson (answer keys: {', '.join(keys) or 'none'})",
                          read.key("answer"))
    return Fact(says=read.get("says", str), expected=read.get("expected", (int, float, str)),
                function=read.get("function", str, None), args=tuple(read.get("args", list, [])), answer=answer,
                rel_tol=read.positive("rel_tol", 1e-6))


def _with_visibility(read: _Reader, tasks: tuple[Task, ...]) -> tuple[Task, ...]:
    """Apply the ``[visibility]`` table: a ``default`` and ``[visibility.overrides]`` keyed by
    task id or ``"<task id>::<check>"``. A check that is not "visible" keeps its inputs and
    expected values from students (see grader.result), so a typo here must not pass silently.

    ``default`` is for the checks of code tasks, whose inputs and expected values may be
    secret. An answer task is "visible" unless an override names it: its question and the
    student's own answer are no secret, its hints are the lesson's teaching for the wrong
    values students type, and a secret answer task says only "you answered '1073741824',
    which is not right" (a manifest that made every check hidden hid the hints with them)."""
    for name in read.data:
        if name not in ("default", "overrides"):
            raise ConfigError(read.source, "is not a setting: use 'default' or [visibility.overrides]",
                              read.key(name))
    default = _visibility(read, "default", read.get("default", str, "hidden"))
    overrides = _Reader(read.source, read.get("overrides", dict, {}), read.key("overrides"))
    by_id = {t.id: t for t in tasks}
    task_level: dict[str, str] = {}
    check_level: dict[str, list[tuple[str, str]]] = {t.id: [] for t in tasks}
    for key in overrides.data:
        where = f'{overrides.prefix}."{key}"'
        value = overrides.get(key, str)
        if value not in VISIBILITIES:
            raise ConfigError(read.source, f"must be one of {', '.join(VISIBILITIES)}, not '{value}'", where)
        task_id, _, check = key.partition("::")
        if task_id not in by_id:
            raise ConfigError(read.source, f"names no task of this lesson (tasks: {', '.join(by_id)})", where)
        if check and not by_id[task_id].is_code:
            raise ConfigError(read.source, "an answer task has one check: use the task id alone", where)
        if check:
            check_level[task_id].append((check, value))
        else:
            task_level[task_id] = value
    return tuple(replace(t, visibility=task_level.get(t.id, default if t.is_code else "visible"),
                         check_visibility=tuple(check_level[t.id])) for t in tasks)


def _visibility(read: _Reader, name: str, value: str) -> str:
    if value not in VISIBILITIES:
        raise ConfigError(read.source, f"must be one of {', '.join(VISIBILITIES)}, not '{value}'", read.key(name))
    return value


def _task(read: _Reader, source: str, catalogue: tuple[Entry, ...] = ()) -> Task:
    answer = None
    if "answer" in read.data:
        answer = _answer(_Reader(source, read.get("answer", dict), f"{read.prefix}.answer"), catalogue,
                         read.get("id", str))
    elif "function" not in read.data:
        raise ConfigError(source, "a task needs either 'function' (a code task) or an [answer] table",
                          read.prefix)
    return Task(**{option.name: read.option(option) for option in options.TASK}, answer=answer)


def _diagnosis(read: _Reader, name: str, catalogue: tuple[Entry, ...], task_id: str,
               reveals: bool) -> Diagnosis | None:
    """The catalogue's diagnosis for the code under ``name``, or None when there is no such key."""
    code = read.get(name, str, None)
    if code is None:
        return None
    entry = find(catalogue, code)
    if entry is None:
        raise ConfigError(read.source, f"names no diagnosis of the lesson's catalogue (diagnoses.toml): '{code}'",
                          read.key(name))
    if task_id not in entry.tasks:
        raise ConfigError(read.source, f"diagnosis '{code}' is declared for {', '.join(entry.tasks)}, "
                          f"not for '{task_id}'", read.key(name))
    return entry.diagnosis(reveals)


def _hint(read: _Reader, kind: str, unit: Unit, catalogue: tuple[Entry, ...], task_id: str) -> Hint:
    """A known wrong answer: its ``message``, or the hint of its ``diagnosis`` (which may say the answer)."""
    diagnosis = _diagnosis(read, "diagnosis", catalogue, task_id, reveals=True)
    message = read.get("message", str, None) if diagnosis else read.get("message", str)
    value = _value(read, "value", read.get("value", (int, float, str) if kind == "number" else str), kind, unit)
    return Hint(value=value, message=message or diagnosis.hint, diagnosis=diagnosis)


def _answer(read: _Reader, catalogue: tuple[Entry, ...] = (), task_id: str = "") -> AnswerSpec:
    kind = read.get("kind", str)
    if kind not in ("number", "choice"):
        raise ConfigError(read.source, f"must be 'number' or 'choice', not '{kind}'", read.key("kind"))
    choices = read.get("choices", dict, {})
    units = read.get("units", list, [])
    if not all(isinstance(u, str) and u.strip() for u in units):
        raise ConfigError(read.source, "must be a list of non-empty strings", read.key("units"))
    units = tuple(u.strip() for u in units)
    mixed = mixed_kinds(units)
    if mixed:
        raise ConfigError(read.source, mixed, read.key("units"))
    unit = Unit(units, _prefixes(read, units))
    accepted = _accepted(read, kind, unit, choices)
    hints = tuple(_hint(_Reader(read.source, h, f"{read.key('hints')}[{i}]"), kind, unit, catalogue, task_id)
                  for i, h in enumerate(read.get("hints", list, [])))
    return AnswerSpec(key=read.get("key", str), kind=kind, expected=accepted[0], alternatives=accepted[1:],
                      question=read.get("question", str, ""), wrong=read.get("wrong", str, ""),
                      tolerance=_tolerance(read, kind, unit, task_id), units=units, prefixes=unit.prefixes,
                      choices=choices, hints=hints,
                      unreadable=_diagnosis(read, "unreadable", catalogue, task_id, reveals=False))


def _accepted(read: _Reader, kind: str, unit: Unit, choices: dict) -> tuple:
    """The accepted values: ``expected``, one value or a list of them, each a number (in the
    question's first unit), a string of a number and a unit ("500 MiB") or a choice's letter."""
    given = read.get("expected", (list, int, float, str))
    values = given if isinstance(given, list) else [given]
    if not values:
        raise ConfigError(read.source, "lists no accepted value", read.key("expected"))
    key = read.key("expected")
    accepted = tuple(_value(read, key if len(values) == 1 else f"{key}[{i}]", v, kind, unit)
                     for i, v in enumerate(values))
    if kind == "choice" and any(v not in choices for v in accepted):
        raise ConfigError(read.source, "must be one of the keys of 'choices'", key)
    return accepted


def _value(read: _Reader, key: str, value, kind: str, unit: Unit):
    """One value of a question as the lesson gives it (accepted or hinted), in the question's unit."""
    if kind == "choice":
        if not isinstance(value, str):
            raise ConfigError(read.source, f"must be a str, not {type(value).__name__}", key)
        return value
    found = quantity(value, unit)
    if isinstance(found, str):
        raise ConfigError(read.source, found, key)
    return found


def _tolerance(read: _Reader, kind: str, unit: Unit, task_id: str) -> Tolerance:
    """The question's one comparison: exactly one of ``rtol``, ``atol`` and ``sigfigs`` where the answer
    is a number (``rel_tol``, deprecated, is read as ``rtol``), none where it is a choice."""
    declared = [name for name in (*TOLERANCES, "rel_tol") if name in read.data]
    task = f"task '{task_id}'" if task_id else "this task"
    if kind == "choice":
        if declared:
            raise ConfigError(read.source, f"{task} is a choice, compared as it is: no tolerance",
                              read.key(declared[0]))
        return RTOL_1
    if len(declared) != 1:
        said = f"declares {' and '.join(declared)}" if declared else "declares none"
        raise ConfigError(read.source, f"{task} {said}: a number answer declares exactly one comparison, rtol "
                          "(relative: 0.01 is 1 %), atol (absolute, in the question's unit) or sigfigs "
                          "(significant figures)", read.key(declared[-1] if declared else "rtol"))
    name = declared[0]
    value = read.data[name]
    if name == "atol" and isinstance(value, str):
        value = _value(read, read.key(name), value, kind, unit)  # "5 MB"
    problem = tolerance_problem(name, value)
    if problem:
        raise ConfigError(read.source, f"{task}: {problem}", read.key(name))
    return Tolerance("rtol" if name == "rel_tol" else name, int(value) if name == "sigfigs" else float(value))


def _prefixes(read: _Reader, units: tuple[str, ...]) -> tuple[str, ...] | None:
    """The prefixes the lesson lists by symbol (``["m", "µ", "n"]``, ``["Mi", "Gi"]``), each known and
    once; None when it lists none, and () for ``prefixes = []``: none at all (grader.lesson.units)."""
    if "prefixes" not in read.data:
        return None
    declared = read.get("prefixes", list)
    if declared and not units:
        raise ConfigError(read.source, "prefixes need a unit to go before: declare 'units' too", read.key("prefixes"))
    found = [find_prefix(p) if isinstance(p, str) else None for p in declared]
    if None in found:
        raise ConfigError(read.source, f"must be a list of SI or binary prefix symbols ({', '.join(PREFIXES)}), "
                          f"not {declared[found.index(None)]!r}", read.key("prefixes"))
    symbols = [p.symbol for p in found if p is not None]
    if len(set(symbols)) < len(symbols):
        raise ConfigError(read.source, "names a prefix twice", read.key("prefixes"))
    return tuple(symbols)


_MISSING = object()


class _Reader:
    """Typed access to one TOML table, naming the full key on every error."""

    def __init__(self, source: str, data, prefix: str = ""):
        if not isinstance(data, dict):
            raise ConfigError(source, "must be a table", prefix or None)
        self.source, self.data, self.prefix = source, data, prefix

    def key(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name

    def get(self, name: str, kind, default=_MISSING):
        if name not in self.data:
            if default is _MISSING:
                raise ConfigError(self.source, "is required", self.key(name))
            return default
        value = self.data[name]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            wanted = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise ConfigError(self.source, f"must be a {wanted}, not {type(value).__name__}", self.key(name))
        return value

    def option(self, option: Option):
        """A declared setting (``grader.lesson.options``), typed and checked as declared."""
        default = _MISSING if option.required else option.default
        if option.kind is float:
            return self.positive(option.name, default) if option.positive else self.get(option.name, (int, float),
                                                                                        default)
        return self.get(option.name, option.kind, default)

    def positive(self, name: str, default=_MISSING):
        value = self.get(name, (int, float), default)
        if value is not None and value is not default and not (math.isfinite(value) and value > 0):
            raise ConfigError(self.source, f"must be a positive number, not {value}", self.key(name))
        return None if value is None else float(value)
