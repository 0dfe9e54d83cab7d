"""A class's submissions folder read as one entry per student, each ready to grade or refused.

Instructors download submissions from an LMS as a folder whose entries are named after the
students: a folder, a ``.py``, an ``.ipynb`` or a ``.zip`` of one of those. The entry's name
(without its suffix) is the student id the gradebook keys on. Zips are opened here, safely
(``grader.submission.unzip``), so that the content hash is of the files that will be graded and a zip
bomb is a refused entry, not a full disk. Nothing here runs or imports student code.

A refused entry still becomes a row with its reason: one student's bad upload must never
stop the batch, and the instructor must see that it was refused, and why.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from grader.batch.snapshot import content_hash
from grader.exceptions import SubmissionError, UsageError
from grader.submission import unzip
from grader.submission.limits import MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES

SUFFIXES = (".py", ".ipynb", ".zip")


@dataclass(frozen=True)
class Entry:
    """One student's submission: ``path`` is what to grade (None when refused, then ``problem`` says why)."""

    student: str
    source: Path  # the entry in the submissions folder
    path: Path | None
    content_hash: str  # "" when it could not be computed
    problem: str = ""


def student_of(entry: Path) -> str:
    """The student id an entry stands for: its name without a submission suffix."""
    return entry.name if entry.is_dir() else (entry.stem if entry.suffix in SUFFIXES else entry.name)


def scan(folder: Path, ignore: set[Path] = frozenset()) -> dict[str, list[Path]]:
    """Student id -> the entries named after them (more than one is a conflict), sorted by id.
    ``ignore``: resolved paths that are not submissions (the gradebook, if kept in the folder)."""
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a folder of submissions")
    found: dict[str, list[Path]] = {}
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or entry.name in unzip.JUNK or entry.resolve() in ignore:
            continue
        found.setdefault(student_of(entry), []).append(entry)
    return dict(sorted(found.items()))


def prepare(student: str, sources: list[Path], scratch: Path) -> Entry:
    """Unzip (into ``scratch``) and hash one student's entry; refusals become ``problem``."""
    source = sources[0]
    if len(sources) > 1:
        names = ", ".join(s.name for s in sources)
        return Entry(student, source, None, "", f"{len(sources)} entries for this student ({names}); keep one")
    try:
        if source.is_dir():
            return Entry(student, source, source, content_hash(source, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES))
        if not source.is_file():
            raise SubmissionError(f"{source.name}: not a regular file or folder")
        if source.suffix not in SUFFIXES:
            raise SubmissionError(f"{source.name}: expected a folder, a .py, an .ipynb or a .zip")
        if source.suffix == ".zip":
            return _prepare_zip(student, source, scratch)
        if source.stat().st_size > MAX_SUBMISSION_BYTES:
            raise SubmissionError(f"{source.name}: larger than {MAX_SUBMISSION_BYTES / 2**20:g} MiB")
        return Entry(student, source, source, content_hash(source))
    except SubmissionError as exc:
        return Entry(student, source, None, _raw_hash(source), str(exc))
    except OSError as exc:
        return Entry(student, source, None, "", f"{source.name}: cannot be read ({exc.strerror or exc})")


def _prepare_zip(student: str, source: Path, scratch: Path) -> Entry:
    root = unzip.extract(source, scratch / "unzipped" / student)
    return Entry(student, source, root, content_hash(root, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES))


def _raw_hash(source: Path) -> str:
    """A refused file's bytes hashed, so an unchanged bad upload is not re-examined on every run."""
    try:
        if not source.is_file() or source.stat().st_size > 4 * MAX_SUBMISSION_BYTES:
            return ""
        digest = hashlib.sha256(b"raw-v1\0")
        with source.open("rb") as stream:
            for chunk in iter(lambda: stream.read(1 << 16), b""):
                digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return ""
