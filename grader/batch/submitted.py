"""When each student handed in, read from the export itself, and how it was read (``SOURCES``).

A late policy (``grader.batch.late``) needs a submission time, and no export carries one the same way:

- **Gradescope** writes each submission's ``:created_at:`` (with its offset) in ``submission_metadata.yml``:
  the LMS's own clock, the best there is;
- **Blackboard** names every file of an attempt ``..._attempt_<YYYY-MM-DD-HH-MM-SS>_...``: its own clock
  too, but without a zone (read in ``[late] zone``);
- **Canvas** marks a file ``LATE_`` when Canvas itself judged it late (against Canvas's due date, which
  may not be the course's): kept as ``marked_late`` beside the time, which is the newest of the
  student's files' modification times as extracted (the dates the download's zip holds; a copy, or an
  unzip that does not keep dates, makes every file as new as the copy: docs/class.md says so);
- **a GitHub Classroom repository** (a folder with a ``.git`` folder): its last commit's time
  (``git log -1 --format=%cI``) when git is installed, else its newest file. A commit time is written
  by the student's machine: a claim, not a proof;
- **a zip**: its newest member (the zipping machine's clock, with no zone: read in ``[late] zone``);
- **anything else** (Moodle's files, a plain folder or file): the newest file's modification time.

Why the source is kept with the time: a student who disputes a penalty, and the instructor who reads
the gradebook, must see which clock said it (the LMS's, or a file's). Everything here is the
student's data: names are matched, never trusted as paths, no link is followed, a walk stops at the
submission limits, and git runs with the repository's own configuration unable to run anything
(``_git_time``). A time that cannot be read is None ("not known": no penalty is taken), never a guess.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path

from grader.batch import late as late_rules
from grader.batch.entries import Entry
from grader.batch.identity import GRADESCOPE_METADATA, manifest_lines
from grader.batch.lms import BLACKBOARD, CANVAS, plain_file, plain_folder
from grader.batch.roster import Roster
from grader.submission.limits import MAX_DEPTH, MAX_SUBMISSION_FILES

GRADESCOPE, BLACKBOARD_ATTEMPT, GIT, ZIP, FILE = "gradescope", "blackboard-attempt", "git-commit", "zip-member", \
    "file-time"
SOURCES = (GRADESCOPE, BLACKBOARD_ATTEMPT, GIT, ZIP, FILE)
GIT_SECONDS = 10
_TOP_KEY = re.compile(r"(?P<key>submission_[0-9]+):\s*")
_CREATED = re.compile(r"  :created_at:\s*['\"]?(?P<date>\d{4}-\d{2}-\d{2})[ T](?P<time>\d{2}:\d{2}:\d{2})(?:\.\d+)?"
                      r"\s*(?P<offset>Z|[+-]\d{2}:?\d{2})['\"]?\s*")


@dataclass(frozen=True)
class Submitted:
    """When one entry was handed in (aware; None: not known) and which clock said so (``SOURCES``)."""

    at: _dt.datetime | None
    source: str
    marked_late: bool | None = None  # the LMS's own judgement (Canvas's LATE_); None: it gives none


def marks(folder: Path, found: dict[str, Entry], rules: late_rules.Rules | None, lesson: str,
          roster: Roster | None) -> dict[str, late_rules.Mark]:
    """Student -> their lateness for ``lesson`` (time, source, their due time with any extension); {} when
    the lesson has no policy. An extension that is not one is a UsageError naming the roster's cell."""
    if rules is None or lesson not in rules.lessons:
        return {}
    rules.check(lesson, roster)
    policy = rules.lessons[lesson]
    gradescope = gradescope_times(folder / GRADESCOPE_METADATA)
    found_marks = {}
    for student, entry in found.items():
        enrolled = roster.match(entry.identity, student) if roster is not None else None
        when = of(entry, gradescope, rules.zone)
        found_marks[student] = late_rules.Mark(policy, rules.due(lesson, enrolled, roster.source if roster else ""),
                                               when.at, when.source, when.marked_late)
    return found_marks


def of(entry: Entry, gradescope: dict[str, _dt.datetime], zone: _dt.tzinfo | None) -> Submitted:
    """When ``entry`` was handed in, by its layout (the module docstring), in UTC. A time no calendar holds once
    in UTC (a commit dated 9999-12-31T23:59-12:00: the student's to write) is not known, never a crash."""
    found = _of(entry, gradescope, zone or _dt.UTC)
    try:
        return Submitted(found.at.astimezone(_dt.UTC), found.source, found.marked_late) if found.at else found
    except (OverflowError, ValueError):
        return Submitted(None, found.source, found.marked_late)


def _of(entry: Entry, gradescope: dict[str, _dt.datetime], zone: _dt.tzinfo) -> Submitted:
    parts = list(entry.parts) or [entry.source]
    try:
        if entry.layout == "blackboard":
            dates = [m["when"] for m in (BLACKBOARD.fullmatch(p.name) for p in parts) if m]
            if dates:
                return Submitted(_dt.datetime.strptime(max(dates), "%Y-%m-%d-%H-%M-%S").replace(tzinfo=zone),
                                 BLACKBOARD_ATTEMPT)
        if entry.layout == "canvas":
            late = any((m := CANVAS.fullmatch(p.name)) is not None and m["late"] for p in parts)
            return Submitted(_newest(parts), FILE, late)
        if not entry.layout and entry.source.name in gradescope:
            return Submitted(gradescope[entry.source.name], GRADESCOPE)
        if not entry.layout and plain_folder(entry.source / ".git"):
            committed = _git_time(entry.source)
            if committed is not None:
                return Submitted(committed, GIT)
        if not entry.layout and entry.source.suffix.lower() == ".zip" and plain_file(entry.source):
            newest = _zip_time(entry.source, zone)
            if newest is not None:
                return Submitted(newest, ZIP)
        return Submitted(_newest(parts), FILE)
    except (OSError, ValueError, OverflowError):
        return Submitted(None, FILE)


def gradescope_times(metadata: Path) -> dict[str, _dt.datetime]:
    """``submission_<n>`` -> its ``:created_at:`` from Gradescope's export manifest; {} without one. Read line
    by line, at the top level of each submission only (as ``identity.gradescope_submitters`` reads e-mails):
    an autograder's output quoted further in cannot pass for a time."""
    lines = manifest_lines(metadata)
    found: dict[str, _dt.datetime] = {}
    current = None
    for line in lines:
        top = _TOP_KEY.fullmatch(line)
        if top:
            current = top["key"]
            continue
        created = _CREATED.fullmatch(line) if current is not None and current not in found else None
        if created:
            offset = "+00:00" if created["offset"] == "Z" else created["offset"]
            offset = offset if ":" in offset else f"{offset[:3]}:{offset[3:]}"
            try:
                found[current] = _dt.datetime.fromisoformat(f"{created['date']}T{created['time']}{offset}")
            except ValueError:
                continue
    return found


def _git_time(repository: Path) -> _dt.datetime | None:
    """The last commit's time of ``repository`` (``%cI``: the committer's, with its offset); None without git
    or when git cannot say. The repository is the student's: its ``.git`` is named explicitly (git never
    looks above it), no system or user configuration is read, and what its own configuration could run on
    ``git log`` is switched off on the command line, which wins over it (a signature check's program, a
    file-system monitor, a pager)."""
    git = shutil.which("git")
    if git is None:
        return None
    env = {"PATH": os.environ.get("PATH", ""), "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
           "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "HOME": os.devnull}
    command = [git, "--no-pager", "-c", "log.showSignature=false", "-c", "core.fsmonitor=false", "-c",
               "gpg.program=false", "--git-dir", str(repository / ".git"), "log", "-1", "--format=%cI"]
    try:
        done = subprocess.run(command, capture_output=True, timeout=GIT_SECONDS, env=env, stdin=subprocess.DEVNULL,
                              check=False)
        when = _dt.datetime.fromisoformat(done.stdout.decode("ascii").strip()) if done.returncode == 0 else None
    except (OSError, subprocess.SubprocessError, UnicodeDecodeError, ValueError):
        return None
    return when if when is not None and when.tzinfo is not None else None


def _zip_time(path: Path, zone: _dt.tzinfo) -> _dt.datetime | None:
    """A zip's newest member's time: a zip keeps no zone, so it is read in ``zone``."""
    try:
        with zipfile.ZipFile(path) as archive:
            dates = [info.date_time for info in archive.infolist()[:MAX_SUBMISSION_FILES * 4]]
    except (zipfile.BadZipFile, OSError, ValueError):
        return None
    return _dt.datetime(*max(dates), tzinfo=zone) if dates else None


def _newest(parts: list[Path]) -> _dt.datetime | None:
    """The newest modification time of ``parts`` and the files below them (links not followed, ``.git`` left
    out, no deeper nor further than a submission may be); None when there is no file."""
    latest, seen = None, 0
    for part in parts:
        for path in _files(part):
            seen += 1
            if seen > MAX_SUBMISSION_FILES * 4:
                break
            when = path.lstat().st_mtime
            latest = when if latest is None else max(latest, when)
    return None if latest is None else _dt.datetime.fromtimestamp(latest, _dt.UTC)


def _files(part: Path):
    if plain_file(part):
        yield part
        return
    if not plain_folder(part):
        return
    for root, subfolders, names in os.walk(part):
        depth = len(Path(root).relative_to(part).parts)
        subfolders[:] = [] if depth >= MAX_DEPTH else [d for d in subfolders if d != ".git"]
        for name in names:
            if plain_file(Path(root, name)):
                yield Path(root, name)
