"""Files frozen as bytes and named by their hash: the lesson as graded, and each submission.

A gradebook row says "this content, graded by this suite, scored so": rerunning a batch
skips a submission only when both hashes still match, so the hashes must name exactly
what was graded. For the suite that means grading from a *snapshot* taken when the batch
starts (an instructor editing a check mid-batch must not produce rows labelled with a
version that did not grade them), and the same snapshot is what a Dask worker on another
machine receives, so a remote grade uses the very bytes the coordinator hashed.

Both hashes are over relative paths and contents only: timestamps, permissions, the
folder's own name and the zip that carried the files do not change them. A path is hashed
as the bytes the disk holds (a name that is not UTF-8 included), and a folder is walked
without recursion and no deeper than a zip may nest (``grader.submission.limits.MAX_DEPTH``):
a class entry 1500 folders deep is a refusal, not a RecursionError that stops the batch.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from grader.exceptions import SubmissionError, UsageError
from grader.grading.reference import load_reference, require_reference
from grader.grading.variants import term_salt
from grader.lesson.course import COURSE_FILE, Course, course_toml
from grader.lesson.manifest import Lesson
from grader.lesson.solutions import resolve_solutions
from grader.submission.limits import NEVER_COPIED, walk

_CHUNK = 1 << 16


@dataclass(frozen=True)
class Tree:
    """A file or a folder as bytes: ``name`` is its own name, ``files`` its (relative path, bytes)
    pairs (a single file's path is its name) and ``links`` its (relative path, target) pairs."""

    kind: str  # "file" or "dir"
    name: str
    files: tuple[tuple[str, bytes], ...]
    links: tuple[tuple[str, str], ...] = ()

    @classmethod
    def read(cls, path: Path, max_bytes: int | None = None, max_files: int | None = None,
             skip: tuple[str, ...] = ()) -> Tree:
        """Read ``path`` whole; a SubmissionError if it holds more than the limits allow."""
        files, links, total = [], [], 0
        for rel, item in _walk(path, skip, max_files):
            if item.is_symlink():
                links.append((rel, os.readlink(item)))
                continue
            data = item.read_bytes()
            total += len(data)
            if max_bytes is not None and total > max_bytes:
                raise SubmissionError(f"{path}: more than {max_bytes / 2**20:g} MiB; hand in only your exercise files")
            files.append((rel, data))
        return cls("dir" if path.is_dir() else "file", path.name, tuple(files), tuple(links))

    @property
    def digest(self) -> str:
        hasher = _Hasher(self.kind)
        entries = [(rel, "f", data) for rel, data in self.files] + [(rel, "l", t) for rel, t in self.links]
        for rel, what, value in sorted(entries):
            if what == "l":
                hasher.link(rel, value)
            else:
                hasher.file(rel, len(value), [value])
        return hasher.hexdigest()

    @property
    def size(self) -> int:
        return sum(len(data) for _, data in self.files)

    def write(self, parent: Path) -> Path:
        """Recreate the tree as ``parent/name``; links that would lead out of it are left out."""
        top = parent / self.name
        for rel, data in self.files:
            target = top / rel if self.kind == "dir" else top
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        if self.kind == "dir":
            top.mkdir(parents=True, exist_ok=True)
            for rel, link in self.links:
                inside = PurePosixPath(rel).parent / link
                if not PurePosixPath(link).is_absolute() and ".." not in inside.parts:
                    (top / rel).parent.mkdir(parents=True, exist_ok=True)
                    os.symlink(link, top / rel)
        return top


def content_hash(path: Path, max_bytes: int | None = None, max_files: int | None = None) -> str:
    """The hash ``Tree.read(path).digest`` gives, streamed from disk instead of held in memory."""
    hasher = _Hasher("dir" if path.is_dir() else "file")
    total = 0
    for rel, item in sorted(_walk(path, (), max_files)):
        if item.is_symlink():
            hasher.link(rel, os.readlink(item))
            continue
        size = item.stat().st_size
        total += size
        if max_bytes is not None and total > max_bytes:
            raise SubmissionError(f"{path}: more than {max_bytes / 2**20:g} MiB; hand in only your exercise files")
        with item.open("rb") as stream:
            hasher.file(rel, size, iter(lambda: stream.read(_CHUNK), b""))
    return hasher.hexdigest()


def freeze(path: Path, target: Path, max_bytes: int | None = None, max_files: int | None = None) -> str:
    """Copy ``path`` (a file or a folder) to ``target`` and return the hash of the copy: of the very bytes
    written, so that a file the student's folder changes later (even while this runs) cannot be graded
    under another content's hash. The digest is ``content_hash``'s for content that does not change, so
    a gradebook's rows stay "unchanged"; a folder is walked as ``content_hash`` walks it (no deeper than a
    submission may nest, caches left out). A link is kept as a link when it stays inside the copy (grading
    never follows one), and left out, hashed as absent, when it would lead out of it."""
    hasher = _Hasher("dir" if path.is_dir() else "file")
    total = 0
    for rel, item in sorted(_walk(path, (), max_files)):  # content_hash's order: the same digest
        destination = target if not path.is_dir() else target / rel
        destination.parent.mkdir(parents=True, exist_ok=True)
        if item.is_symlink():
            link = os.readlink(item)
            inside = PurePosixPath(rel).parent / link
            if not PurePosixPath(link).is_absolute() and ".." not in inside.parts:
                os.symlink(link, destination)
                hasher.link(rel, link)
            continue
        if max_bytes is not None and total + item.stat().st_size > max_bytes:
            raise SubmissionError(f"{path}: more than {max_bytes / 2**20:g} MiB; hand in only your exercise files")
        data = item.read_bytes() if max_bytes is None else _read_at_most(item, max_bytes - total)
        total += len(data)
        destination.write_bytes(data)
        hasher.file(rel, len(data), [data])
    if path.is_dir():
        target.mkdir(parents=True, exist_ok=True)
    return hasher.hexdigest()


def _read_at_most(item: Path, limit: int) -> bytes:
    """The file's bytes; a SubmissionError when it grew past ``limit`` since its size was read."""
    with item.open("rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise SubmissionError(f"{item}: grew past the size a submission may have while it was read")
    return data


class _Hasher:
    """Length-prefixed records, so that no two different trees can feed it the same bytes."""

    def __init__(self, kind: str):
        self._h = hashlib.sha256(f"tree-v1 {kind}\0".encode())
        self._single = kind == "file"

    def file(self, rel: str, size: int, chunks) -> None:
        if self._single:  # a lone module is named after the student: only its kind (.py, .ipynb) counts
            rel = PurePosixPath(rel).suffix
        name = _encoded(rel)
        self._h.update(f"f {len(name)} ".encode() + name + f" {size}\0".encode())
        seen = 0
        for chunk in chunks:
            seen += len(chunk)
            self._h.update(chunk)
        if seen != size:  # changed while being read: hash what was read, never a mix of claims
            self._h.update(f"\0resized {seen}".encode())

    def link(self, rel: str, target: str) -> None:
        name, to = _encoded(rel), _encoded(target)
        self._h.update(f"l {len(name)} ".encode() + name + f" {len(to)} ".encode() + to + b"\0")

    def hexdigest(self) -> str:
        return self._h.hexdigest()


def _encoded(name: str) -> bytes:
    """A name as the disk holds it: UTF-8, and the bytes a name that is not UTF-8 was decoded from."""
    return name.encode("utf-8", "surrogateescape")


def _walk(path: Path, skip: tuple[str, ...], max_files: int | None):
    """(relative posix path, Path) of every file and link below ``path`` (or of ``path`` itself).

    ``walk``'s order and bounds (sorted, iterative, no deeper than MAX_DEPTH, links not followed);
    the folders the engine leaves out of its copy, and ``skip``, are left out here too.
    """
    if not path.is_dir():
        if not path.is_file():
            raise SubmissionError(f"{path}: not a regular file or folder")
        yield path.name, path
        return
    count = 0
    left_out = (*NEVER_COPIED, *skip)
    for entry in walk(path, lambda entry: entry.is_dir(follow_symlinks=False) and entry.name in left_out):
        if entry.is_dir(follow_symlinks=False):
            continue
        if not (entry.is_symlink() or entry.is_file()):
            continue  # sockets, fifos: nothing the engine would copy as a file
        count += 1
        if max_files is not None and count > max_files:
            raise SubmissionError(f"{path}: more than {max_files} files; hand in only your exercise files")
        item = Path(entry.path)
        yield item.relative_to(path).as_posix(), item


@dataclass(frozen=True)
class LessonSnapshot:
    """A lesson's suite folder (without its mutants) and the solutions used, as bytes."""

    lesson: str
    suite: Tree
    solutions: Tree
    salt: str | None = None  # the term's (course.toml): each student's numbers are drawn with it

    @classmethod
    def take(cls, course: Course, lesson: Lesson, solutions: Path | None = None) -> LessonSnapshot:
        """The lesson as it is now; a lesson with parameters needs the term's salt (a ConfigError naming
        course.toml, before anyone is graded): every entry of a batch is graded with its student's numbers."""
        solutions_dir = resolve_solutions(course, lesson, solutions)  # a lesson folder or a tree
        require_reference(lesson, solutions_dir)  # before anyone is graded: no check without its truth
        if lesson.code_tasks:  # one that does not import (or exits as a script does) is named here, by its own path,
            load_reference(solutions_dir / lesson.module, lesson)  # not by each grading worker's copy of it
        if not solutions_dir.is_dir():
            raise UsageError(f"{solutions_dir}: the solutions folder does not exist")
        suite = Tree.read(lesson.suite_dir, skip=("mutants",))
        salt = term_salt(course) if lesson.parameters is not None else None
        return cls(lesson.id, Tree("dir", lesson.id, suite.files, suite.links),
                   Tree("dir", lesson.id, Tree.read(solutions_dir).files), salt)

    @property
    def version(self) -> str:
        """What a gradebook row calls the suite version: the lesson id, suite and solutions hashed, and the
        term's salt where there is one (another salt, other numbers: every student is graded again)."""
        joined = f"lesson-v1 {self.lesson}\0{self.suite.digest}\0{self.solutions.digest}"
        if self.salt is not None:
            joined += f"\0salt {self.salt}"
        return hashlib.sha256(joined.encode()).hexdigest()

    def materialize(self, root: Path) -> Course:
        """A course at ``root`` holding only this lesson, exactly as snapshotted, and the term's salt."""
        self.suite.write(root / "suites")
        self.solutions.write(root / "solutions")
        if self.salt is not None:
            (root / COURSE_FILE).write_text(course_toml([self.lesson], self.salt), encoding="utf-8")
        return Course(root)
