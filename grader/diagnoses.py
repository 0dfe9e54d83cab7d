"""A lesson's catalogue of misconceptions: ``suites/<lesson>/diagnoses.toml``.

An assertion error tells a student that something is wrong; a diagnosis tells them what
they probably misunderstood, in the lesson's own terms ("your result is exactly half of
2 · N · P: did you drop the factor 2?"). Which symptom means which misconception is lesson
knowledge, so it lives beside the lesson's checks, not in the engine: a check that
recognises a symptom fails with the catalogue's *code* (``fail(..., diagnosis=code)``),
an answer hint in ``lesson.toml`` names one (``{ value = 16, diagnosis = code }``), and the
hint students read is taken from here. One catalogue entry per misconception means one
sentence to review for safety (no hidden inputs, no expected values beyond the lesson's
own numbers, never the fixed code), one place to count it across a class, and one table
(``docs/feedback.md``) generated from it so that the documentation cannot drift.

Each entry::

    [[diagnoses]]
    code = "flops.missing-factor-2"     # <prefix>.<name>: lowercase words, stable forever
    task = "prefill_flops"              # the task(s) whose failures it explains (a list for several)
    when = "returns N · P"              # what triggers it, for instructors and the docs
    hint = "Your result is exactly half of 2 · N · P: ..."   # what a student reads
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
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


def catalogue_toml(catalogue: tuple[Entry, ...], tasks, sources: str) -> str:
    """A diagnoses.toml for a student bundle: only the entries its public checks name (``sources``,
    their text) for its ``tasks``. Answer tasks never ship (their triggers are wrong answers beside
    the right one), and a diagnosis only hidden checks give would say what those checks look for."""
    out = [("# Generated by `grader release` from the lesson's diagnoses.toml: the diagnoses the checks\n"
            "# you can run here may give.\n")]
    for entry in catalogue:
        kept = [task for task in entry.tasks if task in tasks]
        if kept and f'"{entry.code}"' in sources:
            fields = (("code", entry.code), ("task", kept), ("when", entry.when), ("hint", entry.hint))
            out.append("[[diagnoses]]\n" + "".join(f"{name} = {_toml(value)}\n" for name, value in fields))
    return "\n".join(out)


def _toml(value) -> str:
    """A TOML string or list of strings: JSON's escapes are TOML's, but TOML also forbids a raw DEL."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def find(catalogue: tuple[Entry, ...], code: str) -> Entry | None:
    return next((entry for entry in catalogue if entry.code == code), None)


def per_task(catalogue: tuple[Entry, ...], task_ids) -> dict[str, int]:
    """How many diagnoses each task has, in the given task order."""
    return {task: sum(1 for e in catalogue if task in e.tasks) for task in task_ids}


def count(reports) -> Counter:
    """How many submissions show each misconception (once per submission, however many checks
    saw it). ``reports``: Reports or their ``to_dict()`` (what a gradebook keeps)."""
    counts: Counter = Counter()
    for report in reports:
        tasks = report["tasks"] if isinstance(report, dict) else [t.to_dict() for t in report.tasks]
        counts.update({d["code"] for task in tasks for d in task.get("diagnoses", [])})
    return counts


def proofs(lessons) -> dict[str, dict[str, list[str]]]:
    """lesson id -> code -> the mutants that declare it (``# diagnosis:``), which ``grader validate`` grades."""
    from grader.validate import load_mutants  # validation needs the engine; listing a catalogue does not

    found: dict[str, dict[str, list[str]]] = {}
    for lesson in lessons:
        by_code = found.setdefault(lesson.id, {})
        for mutant in load_mutants(lesson):
            for code in sorted(mutant.diagnoses):
                by_code.setdefault(code, []).append(mutant.name)
    return found


def listing(lessons) -> str:
    """Every diagnosis as plain text for a terminal: code, task, trigger and hint."""
    out = []
    for lesson in lessons:
        counts = per_task(lesson.diagnoses, [t.id for t in lesson.tasks])
        out.append(f"{lesson.id}: {len(lesson.diagnoses)} diagnoses ("
                   + ", ".join(f"{task} {n}" for task, n in counts.items()) + ")")
        for entry in lesson.diagnoses:
            out += [f"  {entry.code}  [{', '.join(entry.tasks)}]", f"    when: {entry.when}", f"    hint: {entry.hint}"]
        out.append("")
    return "\n".join(out)


def markdown(lessons, proofs: dict[str, dict[str, list[str]]] | None = None) -> str:
    """``docs/feedback.md``: per lesson with a catalogue, a table of every diagnosis, its trigger and its hint.

    ``lessons``: grader.manifest.Lesson objects; ``proofs``: lesson id -> code -> the mutants
    (wrong solutions) that ``grader validate`` proves it on."""
    out = ["# Feedback that teaches: the diagnoses", "",
           ("<!-- Generated by `grader diagnoses --markdown` from suites/<lesson>/diagnoses.toml. "
            "Do not edit: tests/test_diagnoses.py compares this file with the catalogue. -->"), "",
           ("When a check fails in a way that points to a known misconception, the report names it: a code "
            "(counted across a class) and a hint in the lesson's own terms, shown before the failed "
            "check's details. `grader validate` proves each diagnosis both ways: the wrong solutions in "
            "`suites/<lesson>/mutants/` that declare it (`# diagnosis: <code>`) must get exactly it, and the "
            "reference, the stubs and every other wrong solution must not.")]
    for lesson in (each for each in lessons if each.diagnoses):  # a lesson without a catalogue has no table
        counts = per_task(lesson.diagnoses, [t.id for t in lesson.tasks])
        out += ["", f"## {lesson.id}: {_cell(lesson.title)}" if lesson.title else f"## {lesson.id}", "",
                "Diagnoses per task: " + ", ".join(f"`{task}` {n}" for task, n in counts.items()) +
                f" ({len(lesson.diagnoses)} in all).", "",
                "| task | code | what triggers it | hint | proved by |", "| --- | --- | --- | --- | --- |"]
        proved = (proofs or {}).get(lesson.id, {})
        for task in counts:
            for entry in (e for e in lesson.diagnoses if e.tasks[0] == task):
                names = ", ".join(f"`{m}`" for m in proved.get(entry.code, [])) or "—"
                tasks = ", ".join(f"`{t}`" for t in entry.tasks)
                out.append(f"| {tasks} | `{entry.code}` | {_cell(entry.when)} | {_cell(entry.hint)} | {names} |")
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|").replace("<", "&lt;")
