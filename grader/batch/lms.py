"""Class folders as learning-management systems export them: whose files are whose.

Most exports already hold one entry per student (GitHub Classroom's repositories, Gradescope's
``submission_<id>/``). Four shapes need more:

- **Canvas** ("Download Submissions") is flat: every file of every student at the top, each
  named ``<name>_[LATE_]<user id>_<file id>_<the name the student gave it>``, and a file
  uploaded again gets ``-1`` (``-2``, ...) before its suffix. Read entry by entry, a student's
  ``answers.toml`` would be a refused "student" of its own and their module graded without
  it. A folder whose every entry is such a file is read as one submission per student
  (``<name>_<user id>``, a name Canvas keeps apart for two students of one name): a folder
  holding their files under the names they gave them (``canvas_groups``, ``gather``). A folder
  with any other entry is read as it is: one stray file does not make a class folder Canvas's.
- **Moodle** names each entry ``<full name>_<participant id>_assignsubmission_<plugin>_``: a
  folder per plugin (``file``, ``onlinetext``, ...) or, exported flat, one file each with the
  student's file name after it. Either way a student's entries are one submission
  (``<full name>_<participant id>``), their folders' contents and files together.
- **Blackboard** ("Assignment File Download") is flat too: each file named
  ``<assignment>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>_<the name the student gave it>``, beside
  a receipt ``<assignment>_<username>_attempt_<date>.txt`` per attempt (the export's own text, not
  the student's). A student's latest attempt is their submission (``<username>``); the assignment's
  name is what every entry's name starts with (one student alone: up to the last ``_`` before the
  username, so a username holding ``_`` needs a second student beside it).
- **Gradescope**'s export holds ``submission_metadata.yml`` beside the submissions: the export's
  own file, never a student (``MANIFESTS``).

Names are the students' text: they are matched, never trusted as paths (a given name that
could leave the folder is not taken), and nothing here runs or imports anything.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path

from grader.batch.snapshot import freeze
from grader.exceptions import SubmissionError
from grader.lesson.variants import folded_id
from grader.submission import unzip
from grader.submission.limits import MAX_DEPTH, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES

MANIFESTS = ("submission_metadata.yml",)  # an export's own files beside the submissions
# Canvas writes a name of lower-case letters and digits; a name holding an accent or a format character (an
# NFD "zoe\u0308", a zero-width joiner) is still its export's, and _spelling makes its spellings one student.
_CANVAS_NAME = r"(?:[^\W_A-Z]|[\u0300-\u036f\u200b-\u200f\u2060\ufeff])+"  # letters, digits, marks, format chars
CANVAS = re.compile(rf"(?P<name>{_CANVAS_NAME})_(?P<late>LATE_)?(?P<user>[0-9]+)_(?P<file>[0-9]+)_(?P<given>.+)",
                    re.DOTALL)  # late: Canvas judged it late (grader.batch.submitted keeps it)
MOODLE = re.compile(r"(?P<name>.+?)_(?P<user>[0-9]+)_assignsubmission_(?P<plugin>[a-z]+)_(?P<given>.*)", re.DOTALL)
BLACKBOARD = re.compile(r"(?P<head>.+)_attempt_(?P<when>[0-9]{4}(?:-[0-9]{2}){5})(?:_(?P<given>.+)|\.txt)", re.DOTALL)
LAYOUTS = ("canvas", "moodle", "blackboard")  # export's names, as ``export`` says which it found
_AGAIN = re.compile(r"(?P<stem>.+)-(?P<copy>[0-9]+)(?P<suffix>\.[^.]+)")  # prefill-1.py: uploaded once more
FOLDER = ""  # a part's given name when it is a folder whose contents are the student's files


def export_groups(entries: list[Path]) -> dict[str, list[tuple[Path, str]]] | None:
    """Student id -> their parts (a file and the name the student gave it, or a folder and FOLDER),
    sorted, when every entry is named as one export names them (Canvas's, Moodle's, Blackboard's); else
    None: the folder is read as it is, one entry per student."""
    found = export(entries)
    return found[1] if found is not None else None


def export(entries: list[Path]) -> tuple[str, dict[str, list[tuple[Path, str]]]] | None:
    """(which export it is, one of LAYOUTS; ``export_groups``'s groups), or None for a folder read as it is.
    Which export says where its student ids come from (``grader.batch.identity``)."""
    for layout, groups in (("canvas", lambda: _groups(entries, CANVAS, folders=False, again=True)),
                           ("moodle", lambda: _groups(entries, MOODLE, folders=True, again=False)),
                           ("blackboard", lambda: _blackboard(entries))):
        found = groups()
        if found:
            return layout, found
    return None


def canvas_groups(entries: list[Path]) -> dict[str, list[tuple[Path, str]]] | None:
    """``export_groups`` for Canvas's flat export alone."""
    return _groups(entries, CANVAS, folders=False, again=True)


def _groups(entries: list[Path], pattern: re.Pattern, folders: bool, again: bool):
    groups: dict[str, list[tuple[Path, str]]] = {}
    names: dict[str, tuple[int, str]] = {}  # user id -> the name in its newest upload (Canvas's file id)
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        folder = match is not None and folders and not match["given"] and plain_folder(entry)
        if match is None or not (folder or (match["given"] and plain_file(entry))):
            return None
        # one LMS user id is one student, whatever name the export wrote beside it (a name changed mid-term)
        groups.setdefault(match["user"], []).append((entry, FOLDER if folder else match["given"]))
        names[match["user"]] = max(names.get(match["user"], (-2, "")), (_file_id(entry), _spelling(match["name"])))
    if not groups:
        return None
    # a student whose every name was refused keeps the export's own names: the grade then says what is missing
    return dict(sorted((f"{names[user][1]}_{user}",
                        _given_names(parts, again) or [(path, path.name) for path, _ in parts])
                       for user, parts in groups.items()))


def _spelling(name: str) -> str:
    """One spelling for a name an LMS writes into each file of a student: NFC, without format characters (a
    zero-width joiner). One file's ``Zoe\u0308`` and another's ``Zo\u00eb`` are one student, not two rows."""
    return "".join(c for c in unicodedata.normalize("NFC", name) if unicodedata.category(c) != "Cf")


def _blackboard(entries: list[Path]) -> dict[str, list[tuple[Path, str]]] | None:
    """Blackboard's groups (the module docstring): each username's latest attempt, under the names they gave."""
    found = [(entry, BLACKBOARD.fullmatch(entry.name)) for entry in entries]
    if not found or any(match is None or not plain_file(entry) for entry, match in found):
        return None
    heads = sorted({match["head"] for _, match in found})
    # names, not paths: what they start with, character by character
    shared = os.path.commonprefix(heads) if len(heads) > 1 else heads[0].rsplit("_", 1)[0] + "_"  # noqa: RUF071
    assignment = shared[:shared.rfind("_") + 1]
    if not assignment or any(len(head) <= len(assignment) for head in heads):
        return None
    attempts: dict[str, dict[str, list[tuple[Path, str]]]] = {}
    receipts: dict[str, list[tuple[Path, str]]] = {}
    spelt: dict[str, tuple[str, str]] = {}  # folded username -> (its latest attempt, the username as written there)
    for entry, match in found:
        # Blackboard's usernames ignore case: `ASmith` on one attempt and `asmith` on the next are one student,
        # one row, under the spelling of the latest attempt (as Canvas's rows take the newest upload's name)
        written = _spelling(match["head"][len(assignment):])
        user = folded_id(written)
        spelt[user] = max(spelt.get(user, ("", "")), (match["when"], written))
        if match["given"] is None:  # the attempt's receipt: the export's text, kept only for a student with no file
            receipts.setdefault(user, []).append((entry, entry.name))
        else:
            attempts.setdefault(user, {}).setdefault(match["when"], []).append((entry, match["given"]))
    groups = {user: _given_names(tried[max(tried)], again=False) or [(p, p.name) for p, _ in tried[max(tried)]]
              for user, tried in attempts.items()}
    groups.update({user: sorted(kept)[-1:] for user, kept in receipts.items() if user not in groups})
    return dict(sorted((spelt[user][1] or user, parts) for user, parts in groups.items()))


def _given_names(parts: list[tuple[Path, str]], again: bool) -> list[tuple[Path, str]]:
    """Each file under the name its student gave it; a name that could leave the folder, or a hidden one,
    is not taken. Folders come first, so that a file given beside them wins.

    ``again`` (Canvas): a file uploaded again is named ``-N`` before its suffix, which is taken off, and
    of the files then named alike the one with the highest file id (``CANVAS``'s ``file``: Canvas numbers
    files as they are uploaded) is the last upload and wins: an older ``prefill-2.py`` never beats the
    final ``prefill.py`` (the ``-N`` says which name was taken, not which upload came last)."""
    best: dict[str, tuple[int, Path]] = {}
    kept = [(path, FOLDER) for path, given in parts if given == FOLDER]
    for path, given in parts:
        if given == FOLDER:
            continue
        copied = _AGAIN.fullmatch(given) if again else None
        name = f"{copied['stem']}{copied['suffix']}" if copied else given
        uploaded = _file_id(path) if again else -1
        if name.startswith(".") or "/" in name or "\\" in name or "\0" in name:
            continue
        if name not in best or uploaded > best[name][0]:
            best[name] = (uploaded, path)
    return kept + [(path, name) for name, (_, path) in sorted(best.items())]


def _file_id(path: Path) -> int:
    match = CANVAS.fullmatch(path.name)
    return int(match["file"]) if match else -1


def gather(student_stem: str, parts: list[tuple[Path, str]], scratch: Path) -> Path:
    """One student's parts copied into a folder of ``scratch``: files under the names they gave them,
    folders' contents merged (links kept as links when they stay inside: grading never follows them);
    SubmissionError when they hold more than a submission may (said before anything is copied).

    A zip among them, uploaded as a file or at the top of a folder of theirs, is opened
    (``grader.submission.unzip``) and its submission merged like a folder's: a student who uploads
    ``prefill.zip`` and ``answers.toml`` is graded on both. The copy is the snapshot that is hashed and
    graded (``grader.batch.snapshot.freeze``)."""
    files, total = 0, 0
    for path, given in parts:
        for file in ([path] if given != FOLDER else _files_below(path)):
            files, total = files + 1, total + file.lstat().st_size
            if files > MAX_SUBMISSION_FILES or total > MAX_SUBMISSION_BYTES:
                raise SubmissionError(f"more than {MAX_SUBMISSION_FILES} files or {MAX_SUBMISSION_BYTES // 2**20} "
                                      "MiB handed in: hand in only your exercise files")
    folder = scratch / "exports" / student_stem
    folder.mkdir(parents=True)
    opened = scratch / "exports-opened" / student_stem
    zips = [path for path, given in parts if given != FOLDER and _is_zip(given)]
    zips += [inner for path, given in parts if given == FOLDER for inner in sorted(path.iterdir())
             if _is_zip(inner.name) and plain_file(inner)]
    for index, archive in enumerate(zips):  # first: a file given beside a zip wins over the zip's copy
        root = unzip.extract(archive, opened / str(index))
        freeze(root, folder / root.name if not root.is_dir() else folder)
    for path, given in parts:
        if given == FOLDER:
            freeze(path, folder, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES)
            for inner in zips:
                if inner.parent == path:
                    (folder / inner.name).unlink(missing_ok=True)
        elif not _is_zip(given):
            freeze(path, folder / given)
    return folder


def main_part(parts: list[tuple[Path, str]]) -> Path:
    """The part that names a student's submission in the gradebook and reports: a module or a notebook they
    handed in (the work graded), else a zip, else a folder, else the first; never an ``answers.toml`` or a
    README picked for being first in the listing (``…_LATE_942534_5005946_answers.toml``, issue 23)."""
    def rank(part: tuple[Path, str]) -> int:
        given = part[1].lower()
        return 0 if given.endswith((".py", ".ipynb")) else 1 if _is_zip(given) else 2 if part[1] == FOLDER else 3
    return min(parts, key=rank)[0]


def holds_zip(parts: list[tuple[Path, str]]) -> bool:
    """Whether a student's parts hold a zip to open (``gather``): as a part, or at the top of a folder."""
    return any(_is_zip(given) if given != FOLDER else
               any(_is_zip(inner.name) and plain_file(inner) for inner in path.iterdir())
               for path, given in parts)


def _is_zip(name: str) -> bool:
    return name.lower().endswith(".zip")


def _files_below(folder: Path):
    """Every file below ``folder``, links not followed, no deeper than a submission may be."""
    for root, subfolders, names in os.walk(folder):
        if len(Path(root).relative_to(folder).parts) >= MAX_DEPTH:
            subfolders[:] = []
        for name in names:
            yield Path(root, name)


def plain_folder(path: Path) -> bool:
    """A real folder, not a link to one (one ``lstat``): what an export's entry may be."""
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False


def plain_file(path: Path) -> bool:
    """A regular file, not a link, a pipe or a device (one ``lstat``)."""
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False
