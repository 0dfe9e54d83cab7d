"""Which lessons ``grader validate`` has proved, remembered by a fingerprint of all its verdict rests on.

Validating a lesson grades its solution, its stubs, every mutant and every model: about a
minute for prefill. ``grader release`` (and every gate that calls it) needs only whether the
lesson validates, and a release repeated with nothing changed would prove the same again. So a
validation that passes against the course's own solutions leaves a small file behind, named by
the lesson and a SHA-256 of everything that decides its verdict, and the gate skips a lesson
whose fingerprint it finds (``holds``). Only a pass is written (``remember``): a lesson that does
not validate is validated again each time, and refused each time, until it does.

What the fingerprint covers, conservatively (a change anywhere in it is a new fingerprint):

- the lesson's whole suite folder (``lesson.toml``, the checks, the catalogue, mutants, models,
  the notebook text), its solution folder and its exercises folder, every file's path and bytes;
- the course's ``course.toml``;
- the grader's own source: every file of the ``grader`` package (the engine, the checks' helpers,
  the schemas, the engine's diagnoses);
- what runs it: the Python version, every installed distribution and its version (numpy, pytest),
  the sandbox this machine would use (``GRADER_SANDBOX``, whether bwrap is there) and the variables
  a worker inherits (``LANG``, ``OPENBLAS_*``).

``__pycache__`` folders and ``.pyc`` files are left out: they follow from the sources.

The files live in ``build/validated/<lesson>/`` of the course (``make clean`` removes ``build/``), at most
``KEEP`` per lesson (the newest), so switching between two versions of a lesson finds both. A cache
that cannot be read or written is no cache: the lesson is validated, never assumed proved. An entry
that is there but is not a pass of this lesson with this very fingerprint (unreadable, not JSON,
another lesson's, a refusal, a fingerprint other than its name) is no verdict either: ``lookup`` says
which file it ignored and why (``Lookup.ignored``), so that the gate validates again and says so
instead of trusting, or silently distrusting, a file it did not write.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import platform
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from grader import atomic
from grader.exceptions import UsageError
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson

FOLDER = Path("build") / "validated"
KEEP = 8  # fingerprints remembered per lesson
_SKIPPED = ("__pycache__",)
PACKAGE = Path(__file__).resolve().parent.parent  # grader/
_ENVIRONMENT = ("GRADER_SANDBOX", "LANG", "LC_ALL", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


def fingerprint(course: Course, lesson: Lesson) -> str:
    """The SHA-256 of everything the lesson's verdict rests on (see the module doc)."""
    digest = hashlib.sha256()
    for name, path in (("suite", lesson.suite_dir), ("solutions", course.solutions_dir(lesson)),
                       ("exercises", course.exercises_dir(lesson)), ("course", course.course_file),
                       ("grader", PACKAGE)):
        _feed(digest, name, path)
    _add(digest, "python", sys.version, platform.machine(), sys.implementation.cache_tag or "")
    # a set: the course's own project is found twice where the working folder is on sys.path (python -m,
    # pytest) and once from the grader script, and both must find the same proof
    _add(digest, "distributions", *sorted({f"{d.metadata['Name']}=={d.version}"
                                           for d in importlib.metadata.distributions()}))
    _add(digest, "sandbox", *(f"{k}={os.environ.get(k, '')}" for k in _ENVIRONMENT), str(bool(shutil.which("bwrap"))))
    return digest.hexdigest()


@dataclass(frozen=True)
class Lookup:
    """What the cache holds for one lesson and fingerprint: a remembered pass (``holds``), nothing, or an
    entry it ignored (``ignored``: why, in words for the instructor; the gate validates again)."""

    lesson: str
    fingerprint: str
    path: Path  # where a pass with this fingerprint is (or would be) remembered
    holds: bool = False
    ignored: str = ""  # why the entry at ``path`` is no proof; empty when there is none or it holds
    validated: str = ""  # when the remembered pass was proved, as it recorded it

    @property
    def short(self) -> str:
        """The fingerprint as people read it: its first 12 hex digits."""
        return self.fingerprint[:12]


def lookup(course: Course, lesson: Lesson, key: str | None = None) -> Lookup:
    """What the cache holds for ``lesson`` with fingerprint ``key`` (computed now if not given)."""
    key = key or fingerprint(course, lesson)
    path = _entry(course, lesson, key)
    found = Lookup(lesson.id, key, path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return found
    except (OSError, ValueError) as exc:  # a folder in its place, no permission, bytes that are not UTF-8
        return Lookup(lesson.id, key, path, ignored=f"cannot be read ({getattr(exc, 'strerror', None) or exc})")
    try:
        data = json.loads(text)
    except ValueError:
        return Lookup(lesson.id, key, path, ignored="is not JSON (a corrupted or foreign file)")
    why = _not_a_pass(data, lesson.id, key)
    if why:
        return Lookup(lesson.id, key, path, ignored=why)
    return Lookup(lesson.id, key, path, holds=True, validated=str(data.get("validated", "")))


def _not_a_pass(data, lesson_id: str, key: str) -> str:
    """Why ``data`` is not the record ``remember`` writes of a pass of ``lesson_id`` with ``key``; empty if it is."""
    if not isinstance(data, dict):
        return "is not a record of a validation (a foreign file)"
    if data.get("lesson") != lesson_id:
        return f"records lesson {data.get('lesson')!r}, not {lesson_id!r} (a foreign file)"
    if data.get("verdict") != "proved":
        return f"records the verdict {data.get('verdict')!r}, not a pass"
    if data.get("fingerprint") != key:
        return "records another fingerprint than its name (a corrupted or foreign file)"
    return ""


def holds(course: Course, lesson: Lesson, key: str | None = None) -> bool:
    """Whether a validation of ``lesson`` passed with exactly this fingerprint (computed now if not given)."""
    return lookup(course, lesson, key).holds


def remember(course: Course, lesson: Lesson, key: str) -> Path | None:
    """Record that ``lesson`` validated with fingerprint ``key`` (taken before it was validated, so that a
    file changed meanwhile is a new fingerprint); None when the course's build folder cannot be written."""
    path = _entry(course, lesson, key)
    record = {"lesson": lesson.id, "fingerprint": key, "verdict": "proved",
              "validated": time.strftime("%Y-%m-%dT%H:%M:%S%z")}
    try:
        atomic.write(path, json.dumps(record, indent=2) + "\n")  # whole or absent, even with two writers at once
        others = sorted((p for p in path.parent.glob("*.json") if p != path), key=lambda p: p.stat().st_mtime_ns)
        for stale in others[:max(0, len(others) - (KEEP - 1))]:  # the oldest go; this one stays
            stale.unlink(missing_ok=True)
    except (OSError, UsageError):
        return None
    return path


def _entry(course: Course, lesson: Lesson, key: str) -> Path:
    return course.root / FOLDER / lesson.id / f"{key}.json"


def _feed(digest, name: str, path: Path) -> None:
    """Every file under ``path`` (or ``path`` itself): its path relative to ``path`` and its bytes."""
    if path.is_file():
        _add(digest, name, "file", path.read_bytes())
        return
    if not path.is_dir():
        _add(digest, name, "missing")
        return
    _add(digest, name, "folder")
    for folder, subfolders, files in os.walk(path, followlinks=True):
        subfolders[:] = sorted(d for d in subfolders if d not in _SKIPPED)
        for file in sorted(f for f in files if not f.endswith(".pyc")):
            full = Path(folder) / file
            _add(digest, full.relative_to(path).as_posix(), full.read_bytes() if full.is_file() else b"")


def _add(digest, *parts: str | bytes) -> None:
    """Each part with its length first, so that no two different sequences of parts hash alike."""
    for part in parts:
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
