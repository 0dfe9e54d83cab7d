"""A class's submissions folder read as one entry per student, each ready to grade or refused.

Instructors download submissions from an LMS as a folder whose entries are named after the
students: a folder, a ``.py``, an ``.ipynb`` or a ``.zip`` of one of those. The entry's name
(without its suffix) is the student id the gradebook keys on. Every entry to grade is copied here
into the batch's private folder (zips opened, safely: ``grader.submission.unzip``, so a zip bomb is a
refused entry, not a full disk) and hashed as copied (``frozen``): the copy is what is graded, so the
content hash is of the very files graded, even when the folder changes while the batch runs. Nothing
here runs or imports student code.

A file name is the student's text, not the grader's: it may not be UTF-8, may hold a newline,
an ESC or a bidi override, may be 250 bytes long, or may be ``José`` in one of the two forms
Unicode allows. So the student id is the name normalised (NFC: both forms of ``José`` are one
student, so two such entries are a conflict, like any two entries of one student) and then
made inert by ``grader.result.text.shown`` (two names that read the same once shown, such
as a Latin-1 ``café`` and a literal ``caf\\xe9``, are a conflict too: never one merged grade);
every reason quotes names through it, and ``report_name`` gives each student a file name of
its own that is safe on any disk.

A refused entry still becomes a row with its reason: one student's bad upload must never
stop the batch, and the instructor must see that it was refused, and why. A problem of the
environment (a file the grader may not read) is marked ``fault``: retried, never a refusal.
"""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import os
import re
import time
import unicodedata
import zipfile
from dataclasses import dataclass
from pathlib import Path

from grader.batch import lms
from grader.batch.snapshot import content_hash, freeze
from grader.exceptions import SubmissionError, UsageError
from grader.lesson.variants import folded_id
from grader.result.text import shown
from grader.submission import unzip
from grader.submission.limits import MAX_DEPTH, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES, NEVER_COPIED, walk

SUFFIXES = (".py", ".ipynb", ".zip")
WORK_SUFFIXES = (".py", ".ipynb", ".toml")  # what a grade reads: a module, a notebook, answers
KEEP_NEWEST = "newest"  # grader batch --keep newest
STUDENT_LIMIT = 1100  # characters of a student id: a 255-byte name with every byte escaped still fits
SOURCE_LIMIT = 1000  # characters of an entry's path as reports name it (grader.result.model.PATH_LIMIT)
REPORT_NAME_BYTES = 100
# a name kept as it is for its report file: printable ASCII but what some file system refuses or
# what marks a made-up name (~), not starting with a dot, dash or blank, not ending with a dot or blank
_KEPT = r"A-Za-z0-9_@+=,;'()\[\]{}!#$%&^"
_PLAIN = re.compile(f"[{_KEPT}]([{_KEPT}. -]*[{_KEPT}-])?")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")
_DEVICES = frozenset(("con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in range(10))))
_NAME_ERRNOS = (errno.ENAMETOOLONG, errno.ELOOP, errno.EILSEQ)  # the entry's own names made reading fail


@dataclass(frozen=True)
class Entry:
    """One student's submission: ``path`` is what to grade (None when refused, then ``problem`` says why).

    ``fault``: the problem is the grader's or its environment's (status ``error``, retried next
    run), not the submission's (status ``rejected``, final until it changes)."""

    student: str
    source: Path  # the entry in the submissions folder
    path: Path | None
    content_hash: str  # "" when it could not be computed
    problem: str = ""
    fault: bool = False
    conflict: bool = False  # several entries for this student, none chosen: refused together
    identity: str = ""  # whose numbers it is graded with (grader.batch.identity); "" until the layout is known
    layout: str = ""  # the LMS export it is a group of (lms.LAYOUTS), "" for a folder's entry as it is
    parts: tuple[Path, ...] = ()  # an export's files (or folders) that make it, when it is one's group

    @property
    def shown_source(self) -> str:
        """The entry's path as every report and the gradebook name it: inert, one line, bounded."""
        return shown_path(self.source)


def shown_path(path: Path) -> str:
    return shown(str(path), lines=False, limit=SOURCE_LIMIT)


def student_of(entry: Path) -> str:
    """The student id an entry stands for: a folder's name, a file's name without its suffix
    (``henry.txt`` is student ``henry``, refused, but in henry's row), normalised and inert."""
    return student_key(name_of(entry))


def name_of(entry: Path) -> str:
    """The name an entry gives its student, as it is (``student_key`` makes it a key, and
    ``grader.batch.identity`` reads the student's id from it)."""
    return entry.name if _is_dir(entry) else (entry.stem if entry.suffix else entry.name)


def student_key(name: str) -> str:
    """The gradebook's key for a student named ``name``, whatever layout gave the name (a file, a folder,
    an LMS export's ``<name>_<id>``): NFKC (the two forms of ``José`` are one student, and a full-width
    ``ｂｏｂ`` is ``bob``, as ``normalise_id`` reads both for their numbers), without format
    characters (a zero-width joiner or a soft hyphen pasted into a name is no part of it, as
    ``normalise_id`` reads the student's id: ``carol/`` and ``carol\u200d.py`` are two entries of one
    student, a conflict, never two rows), and inert (``shown``: what a row, a report and the CSV hold and
    the workers send back, so that an outcome finds its entry again). A name of format characters only
    keeps them, escaped: a row that says which entry gave no id. An LMS's names skipped this once: a name
    with a zero-width joiner came back escaped from its worker and found no entry (issue 25)."""
    spelt = unicodedata.normalize("NFKC", name)
    visible = "".join(c for c in spelt if unicodedata.category(c) != "Cf")
    return shown(visible or spelt, lines=False, limit=STUDENT_LIMIT)


def report_name(student: str) -> str:
    """The file name of a student's report: ``alice.json`` for a plain name, else a safe, bounded
    name of its own (``Jose~1a2b….json``): ASCII, no separator, at most REPORT_NAME_BYTES bytes.
    A made-up name holds a ``~``, which no plain name does, so no student can take another's."""
    return f"{safe_stem(student)}.json"


def safe_stem(student: str) -> str:
    """A file-name stem for ``student`` that any disk accepts, unique per student: the student id
    when plain, else its letters in ASCII (no dot: the part before it is what Windows checks), a
    ``~`` and a hash of the whole id.

    Plain is lower case too, and no name Windows keeps for a device (``con``, ``nul``, ``com1``,
    whatever follows its first dot): the disk an instructor copies the reports to may ignore
    case (macOS, Windows), where ``ALICE.json`` would overwrite ``alice.json``, and Windows
    cannot create ``CON.json`` at all (nor unzip it)."""
    if _plain(student):
        return student
    ascii_form = unicodedata.normalize("NFKD", student).encode("ascii", "ignore").decode()
    readable = _UNSAFE.sub("_", ascii_form).replace(".", "_").strip("_-")[:60].rstrip("_-") or "student"
    return f"{readable}~{hashlib.sha256(student.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"


def _plain(student: str) -> bool:
    return (bool(_PLAIN.fullmatch(student)) and len(student) <= REPORT_NAME_BYTES - len(".json")
            and student == student.lower() and student.split(".")[0].rstrip(" ") not in _DEVICES)


def scan(folder: Path, ignore: set[Path] = frozenset()) -> dict[str, list[Path]]:
    """Student id -> the entries named after them (more than one is a conflict), sorted by id.
    ``ignore``: resolved paths that are not submissions (the gradebook, if kept in the folder)."""
    if not folder.is_dir():
        raise UsageError(f"{shown_path(folder)}: not a folder of submissions")
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        raise UsageError(f"{shown_path(folder)}: cannot be listed ({exc.strerror or exc})") from None
    found: dict[str, list[Path]] = {}
    for entry in entries:
        if entry.name.startswith(".") or entry.name in unzip.JUNK or entry.name in lms.MANIFESTS \
                or _resolved(entry) in ignore:
            continue
        found.setdefault(student_of(entry), []).append(entry)
    return dict(sorted(_one_per_student(found).items()))


def _one_per_student(found: dict[str, list[Path]]) -> dict[str, list[Path]]:
    """Names that are one student's id (``ZZ.py`` and ``zz/``: ``folded_id``) as one key, the first of them in
    sorted order: their entries are then two of one student's, refused together or the newest kept (``prepare``),
    never two rows of one student."""
    merged: dict[str, str] = {}  # folded id -> the key its entries go under
    out: dict[str, list[Path]] = {}
    for key in sorted(found):
        into = merged.setdefault(folded_id(key), key)
        out.setdefault(into, []).extend(found[key])
    return out


def prepare(student: str, sources: list[Path], scratch: Path, keep: str | None = None, copy: bool = True) -> Entry:
    """Copy (a zip: unzip) one student's entry into ``scratch`` and hash the copy; refusals and faults become
    ``problem``. The copy is what is graded: a file changed in the folder while the batch runs is graded as
    it was when it was hashed, so a row's hash and grade always describe one content (``snapshot.freeze``).
    ``copy=False``: a folder or module is hashed where it is, and ``frozen`` copies it once it is known to
    need a grade (a rerun copies nothing it skips).

    Several entries for one student are refused together (never one merged grade), unless
    ``keep="newest"``: then the newest of those that can be graded is (see ``newest``)."""
    area = scratch / "entries" / safe_stem(student)
    if len(sources) == 1:
        entry = _prepare_one(student, sources[0], area)
        return frozen(entry, scratch) if copy else entry
    if keep != KEEP_NEWEST:
        return conflict(student, sources, f"keep one, or pass --keep {KEEP_NEWEST} to grade the newest")
    candidates = [_prepare_one(student, source, area / str(index)) for index, source in enumerate(sources)]
    faulty = [entry for entry in candidates if entry.fault]
    if faulty:  # which is newest of those that can be graded cannot be told now: tried again next run
        return faulty[0]
    gradable = [entry for entry in candidates if entry.path is not None and holds_work(entry.path)]
    try:
        chosen, why = newest([entry.source for entry in gradable or candidates])
    except OSError as exc:
        chosen, why = None, f"cannot tell which is newest ({shown(exc.strerror or exc, lines=False)})"
    if chosen is None:
        return conflict(student, sources, why)
    entry = next(entry for entry in candidates if entry.source == chosen)
    return frozen(entry, scratch) if copy else entry


def frozen(entry: Entry, scratch: Path) -> Entry:
    """``entry`` as it will be graded: its folder or module copied into ``scratch`` and hashed as copied
    (``snapshot.freeze``: the hash ``content_hash`` gives, for content that did not change since); an
    entry that is refused, or is a copy already (a zip's files, an LMS export's gathered files), as it is."""
    if entry.path is None or entry.path != entry.source:
        return entry
    target = scratch / "entries" / safe_stem(entry.student) / "copy" / entry.source.name
    try:
        digest = freeze(entry.source, target, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES)
    except (SubmissionError, OSError) as exc:
        return _refused(entry.student, entry.source, exc)
    return dataclasses.replace(entry, path=target, content_hash=digest)


def conflict(student: str, sources: list[Path], advice: str) -> Entry:
    """Several entries of one student refused together, naming each, with what to do."""
    return Entry(student, sources[0], None, "", f"{len(sources)} entries for this student ({_names(sources)}); "
                                                f"{advice}", conflict=True)


def _prepare_one(student: str, source: Path, area: Path) -> Entry:
    name = _names([source])
    try:
        if _is_dir(source):
            return Entry(student, source, source, content_hash(source, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES))
        if not source.is_file():
            raise SubmissionError(f"{name}: not a regular file or folder")
        if source.suffix not in SUFFIXES:
            raise SubmissionError(f"{name}: expected a folder, a .py, an .ipynb or a .zip")
        if source.suffix == ".zip":
            root = unzip.extract(source, area / "unzipped")
            return Entry(student, source, root, content_hash(root, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES))
        if source.stat().st_size > MAX_SUBMISSION_BYTES:
            raise SubmissionError(f"{name}: larger than {MAX_SUBMISSION_BYTES / 2**20:g} MiB")
        return Entry(student, source, source, content_hash(source))
    except (SubmissionError, OSError) as exc:
        return _refused(student, source, exc)


def _refused(student: str, source: Path, exc: SubmissionError | OSError) -> Entry:
    """The entry refused for ``exc`` (the submission's), or failed for it (an OSError of the environment's)."""
    if isinstance(exc, SubmissionError):
        return Entry(student, source, None, _raw_hash(source), shown(str(exc)))
    why = f"{_names([source])}: cannot be read ({shown(exc.strerror or exc, lines=False)})"
    if exc.errno in _NAME_ERRNOS:  # a path too long or looping: how the submission is made
        return Entry(student, source, None, _raw_hash(source), why)
    return Entry(student, source, None, "", f"{why}; it will be tried again on the next run", fault=True)


def holds_work(path: Path) -> bool:
    """Whether a prepared entry holds anything a grade could read: a module, a notebook or an answers file
    (``WORK_SUFFIXES``). A zip of only a README, or of nothing, holds none: ``--keep newest`` passes it over
    for an older entry that does. Read cheaply: names only, stopping at the first such file."""
    if not _is_dir(path):
        return path.suffix in WORK_SUFFIXES
    try:
        return any(Path(item.name).suffix in WORK_SUFFIXES and item.is_file(follow_symlinks=False)
                   for item in walk(path, lambda item: item.is_dir(follow_symlinks=False) and item.name in NEVER_COPIED,
                                    ordered=False))
    except (OSError, SubmissionError):
        return False


def newest(sources: list[Path]) -> tuple[Path | None, str]:
    """The entry changed last, of ``sources`` (``prepare`` passes those that can be graded, when any can):
    by modification time, a zip by its newest member, a folder by its newest file. (None, why) on a tie."""
    times = sorted(((modified(s), s) for s in sources), key=lambda pair: pair[0], reverse=True)
    if len(times) > 1 and times[0][0] == times[1][0]:
        return None, f"{_names([times[0][1], times[1][1]])} were changed at the same time: keep one"
    return times[0][1], ""


def modified(entry: Path) -> float:
    """When an entry was last changed: a file's modification time; a zip's newest member (an LMS
    download dates the zip itself when it was downloaded); a folder's newest file, or its own time
    when it holds none (its own time changes with every file added or removed, not edited)."""
    if _is_dir(entry):
        latest = None
        for folder, subfolders, files in os.walk(entry):  # no deeper than a submission may be (os.walk recurses)
            deep = len(Path(folder).relative_to(entry).parts) >= MAX_DEPTH
            subfolders[:] = [] if deep else [d for d in subfolders if not os.path.islink(os.path.join(folder, d))]
            for name in files:
                when = os.lstat(os.path.join(folder, name)).st_mtime
                latest = when if latest is None else max(latest, when)
        return entry.stat().st_mtime if latest is None else latest
    if entry.suffix == ".zip":
        try:
            with zipfile.ZipFile(entry) as archive:
                dates = [info.date_time for info in archive.infolist()]
            if dates:
                return max(time.mktime((*date, 0, 0, -1)) for date in dates)
        except (zipfile.BadZipFile, OverflowError, ValueError):
            pass  # refused when it is opened; its own time decides meanwhile
    return entry.stat().st_mtime


def _names(sources: list[Path]) -> str:
    """The entries' names, inert; names that would look alike are spelled out in ASCII escapes."""
    names = [shown(s.name, lines=False, limit=200) for s in sources]
    if len(set(names)) < len(names) or any(unicodedata.normalize("NFC", s.name) != s.name for s in sources):
        names = [shown(s.name.encode("ascii", "backslashreplace").decode(), lines=False, limit=200)
                 for s in sources]
    return ", ".join(names)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _resolved(path: Path) -> Path | None:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a link loop (RuntimeError in 3.11): not ours to ignore
        return None


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
