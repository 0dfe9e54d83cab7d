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
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from grader.exceptions import ConfigError
from grader.result import Diagnosis

CATALOGUE_NAME = "diagnoses.toml"
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
    path = Path(suite_dir) / CATALOGUE_NAME
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
        entries.append(_entry(source, f"diagnoses[{i}]", item))
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


def _entry(source: str, prefix: str, item) -> Entry:
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
    return Entry(code=code, tasks=tuple(tasks), when=item["when"].strip(), hint=item["hint"].strip())


def find(catalogue: tuple[Entry, ...], code: str) -> Entry | None:
    return next((entry for entry in catalogue if entry.code == code), None)


def per_task(catalogue: tuple[Entry, ...], task_ids) -> dict[str, int]:
    """How many diagnoses each task has, in the given task order."""
    return {task: sum(1 for e in catalogue if task in e.tasks) for task in task_ids}
