"""A lesson's catalogue of misconceptions: ``suites/<lesson>/diagnoses.toml``.

An assertion error tells a student that something is wrong; a diagnosis tells them what
they probably misunderstood, in the lesson's own terms ("your result is exactly half of
2 · N · P: did you drop the factor 2?"). Which symptom means which misconception is lesson
knowledge, so it lives beside the lesson's checks, not in the engine: a check that
recognises a symptom fails with the catalogue's *code* (``fail(..., diagnosis=code)``),
an answer hint in ``lesson.toml`` names one (``{ value = 16, diagnosis = code }``), and the
hint students read is taken from here. One catalogue entry per misconception means one
sentence to review for safety (no hidden inputs, no expected values beyond the lesson's
own numbers, never the fixed code), one place to count it across a class
(``grader.batch.summary``), and one table (``docs/feedback.md``, ``grader.authoring.diagnoses``)
generated from it so that the documentation cannot drift.

Each entry::

    [[diagnoses]]
    code = "flops.missing-factor-2"     # <prefix>.<name>: lowercase words, stable forever
    task = "prefill_flops"              # the task(s) whose failures it explains (a list for several)
    when = "returns N · P"              # what triggers it, for instructors and the docs
    hint = "Your result is exactly half of 2 · N · P: ..."   # what a student reads

The engine has a catalogue of its own (``ENGINE_CATALOGUE``, ``engine_diagnoses.toml`` beside
this module): the failures that come before any call (a SyntaxError, a line that raises at
import, a name defined twice, numpy imported without ``as np``), which every lesson shares
and the engine recognises itself (``grader.submission.failures``). Its entries say
``task = "*"``: a lesson looks them up after its own (``Lesson.diagnosis``) and gets them for
every code task; no lesson may declare a code under their prefix (``import.``).
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from grader.exceptions import ConfigError
from grader.result import Diagnosis

CATALOGUE_NAME = "diagnoses.toml"
ENGINE_CATALOGUE = Path(__file__).with_name("engine_diagnoses.toml")
ENGINE_PREFIX = "import."  # the engine's codes: no lesson may declare one
ANY_TASK = "*"
CODE = re.compile(r"[a-z][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*)+")
_FIELDS = ("code", "task", "when", "hint")


@dataclass(frozen=True)
class Entry:
    """One misconception of a lesson: how to recognise it and what to tell the student."""

    code: str
    tasks: tuple[str, ...]
    when: str  # what triggers it
    hint: str  # what the student reads: the symptom and what it suggests, never the fix as code

    def diagnosis(self, reveals: bool = False) -> Diagnosis:
        return Diagnosis(self.code, self.hint, reveals)


def load_catalogue(suite_dir: Path) -> tuple[Entry, ...]:
    """The entries of ``suite_dir/diagnoses.toml`` in file order; none when the file is absent.

    Every problem is a ConfigError naming the file and the key, like the manifest's."""
    entries = _load(Path(suite_dir) / CATALOGUE_NAME, engine=False)
    for i, entry in enumerate(entries):
        if entry.code.startswith(ENGINE_PREFIX):
            raise ConfigError(str(Path(suite_dir) / CATALOGUE_NAME), f"codes starting with '{ENGINE_PREFIX}' are the "
                              f"engine's (grader/lesson/{ENGINE_CATALOGUE.name}): choose another prefix",
                              f"diagnoses[{i}].code")
    return entries


@functools.cache
def engine_catalogue() -> tuple[Entry, ...]:
    """The engine's own entries (``task = "*"``: any code task), read once per process."""
    return _load(ENGINE_CATALOGUE, engine=True)


def engine_entry(code: str, code_tasks: tuple[str, ...]) -> Entry | None:
    """The engine's entry for ``code``, declared for the given code tasks of a lesson."""
    entry = find(engine_catalogue(), code)
    return replace(entry, tasks=tuple(code_tasks)) if entry is not None else None


def _load(path: Path, engine: bool) -> tuple[Entry, ...]:
    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return ()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(source, f"cannot be read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(source, f"is not valid TOML: {exc}") from None
    unknown = set(data) - {"diagnoses"}
    if unknown:
        raise ConfigError(source, "is not a table of this file: write each entry as [[diagnoses]]",
                          min(unknown))
    raw = data.get("diagnoses", [])
    if not isinstance(raw, list):
        raise ConfigError(source, "must be an array of tables ([[diagnoses]])", "diagnoses")
    entries: list[Entry] = []
    for i, item in enumerate(raw):
        entries.append(_entry(source, f"diagnoses[{i}]", item, engine))
        if entries[-1].code in (e.code for e in entries[:-1]):
            raise ConfigError(source, f"code '{entries[-1].code}' is used twice", f"diagnoses[{i}].code")
    return tuple(entries)


def check_tasks(catalogue: tuple[Entry, ...], task_ids: tuple[str, ...], source: str) -> None:
    """Every entry names tasks of the lesson (known only once its manifest is read)."""
    for i, entry in enumerate(catalogue):
        for task in entry.tasks:
            if task not in task_ids:
                raise ConfigError(source, f"names no task of this lesson (tasks: {', '.join(task_ids)})",
                                  f"diagnoses[{i}].task")


def _entry(source: str, prefix: str, item, engine: bool = False) -> Entry:
    if not isinstance(item, dict):
        raise ConfigError(source, "must be a table", prefix)
    for name in item:
        if name not in _FIELDS:
            raise ConfigError(source, f"is not a field of a diagnosis ({', '.join(_FIELDS)})", f"{prefix}.{name}")
    for name in _FIELDS:
        value = item.get(name)
        if value is None:
            raise ConfigError(source, "is required", f"{prefix}.{name}")
        if name != "task" and not (isinstance(value, str) and value.strip()):
            raise ConfigError(source, "must be a non-empty string", f"{prefix}.{name}")
    code = item["code"]
    if not CODE.fullmatch(code):
        raise ConfigError(source, f"'{code}' is not a code: write <prefix>.<name> in lowercase words, "
                          "e.g. 'flops.missing-factor-2'", f"{prefix}.code")
    tasks = item["task"]
    tasks = [tasks] if isinstance(tasks, str) else tasks
    if not (isinstance(tasks, list) and tasks and all(isinstance(t, str) and t for t in tasks)):
        raise ConfigError(source, "must be a task id or a list of task ids", f"{prefix}.task")
    if (ANY_TASK in tasks) != engine or (engine and tasks != [ANY_TASK]):
        raise ConfigError(source, f"'{ANY_TASK}' (every code task) is for the engine's catalogue, and only alone"
                          if not engine else f"the engine's diagnoses apply to every code task: write '{ANY_TASK}'",
                          f"{prefix}.task")
    return Entry(code=code, tasks=tuple(tasks), when=item["when"].strip(), hint=item["hint"].strip())


def find(catalogue: tuple[Entry, ...], code: str) -> Entry | None:
    return next((entry for entry in catalogue if entry.code == code), None)


def per_task(catalogue: tuple[Entry, ...], task_ids) -> dict[str, int]:
    """How many diagnoses each task has, in the given task order."""
    return {task: sum(1 for e in catalogue if task in e.tasks) for task in task_ids}
