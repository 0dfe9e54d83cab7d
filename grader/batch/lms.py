"""Class folders as learning-management systems export them: whose files are whose.

Most exports already hold one entry per student (Moodle's ``<name>_<id>_assignsubmission_file_/``,
GitHub Classroom's repositories, Gradescope's ``submission_<id>/``). Two shapes need more:

- **Canvas** ("Download Submissions") is flat: every file of every student at the top, each
  named ``<name>_[LATE_]<user id>_<file id>_<the name the student gave it>``, and a file
  uploaded again gets ``-1`` (``-2``, ...) before its suffix. Read entry by entry, a student's
  ``answers.toml`` would be a refused "student" of its own and their module graded without
  it. A folder whose every entry is such a file is read as one submission per student
  (``<name>_<user id>``, a name Canvas keeps apart for two students of one name): a folder
  holding their files under the names they gave them (``canvas_groups``, ``gather``). A folder
  with any other entry is read as it is: one stray file does not make a class folder Canvas's.
- **Gradescope**'s export holds ``submission_metadata.yml`` beside the submissions: the export's
  own file, never a student (``MANIFESTS``).

Names are the students' text: they are matched, never trusted as paths (a given name that
could leave the folder is not taken), and nothing here runs or imports anything.
"""

from __future__ import annotations

import re
import shutil
import stat
from pathlib import Path

from grader.exceptions import SubmissionError
from grader.submission.limits import MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES

MANIFESTS = ("submission_metadata.yml",)  # an export's own files beside the submissions
CANVAS = re.compile(r"(?P<name>[a-z0-9]+)_(?:LATE_)?(?P<user>[0-9]+)_(?P<file>[0-9]+)_(?P<given>.+)", re.ASCII)
_AGAIN = re.compile(r"(?P<stem>.+)-(?P<copy>[0-9]+)(?P<suffix>\.[^.]+)")  # prefill-1.py: uploaded once more


def canvas_groups(entries: list[Path]) -> dict[str, list[tuple[Path, str]]] | None:
    """Student id -> (file, the name the student gave it), sorted, when every entry is a plain file
    named as Canvas names them; else None (the folder is read as it is)."""
    groups: dict[str, list[tuple[Path, str]]] = {}
    for entry in entries:
        match = CANVAS.fullmatch(entry.name)
        if match is None or not _plain_file(entry):
            return None
        groups.setdefault(f"{match['name']}_{match['user']}", []).append((entry, match["given"]))
    if not groups:
        return None
    # a student whose every name was refused keeps Canvas's own names: the grade then says what is missing
    return {student: _given_names(parts) or [(path, path.name) for path, _ in parts]
            for student, parts in sorted(groups.items())}


def _given_names(parts: list[tuple[Path, str]]) -> list[tuple[Path, str]]:
    """Each file under the name its student gave it: Canvas's ``-N`` of a file uploaded again is taken
    off (the highest N of a name is the last upload, and wins); a name that could leave the folder,
    or a hidden one, is not taken."""
    best: dict[str, tuple[int, Path]] = {}
    for path, given in parts:
        again = _AGAIN.fullmatch(given)
        name, copy = (f"{again['stem']}{again['suffix']}", int(again["copy"])) if again else (given, -1)
        if name.startswith(".") or "/" in name or "\\" in name or "\0" in name:
            continue
        if name not in best or copy > best[name][0]:
            best[name] = (copy, path)
    return [(path, name) for name, (_, path) in sorted(best.items())]


def gather(student_stem: str, parts: list[tuple[Path, str]], scratch: Path) -> Path:
    """One student's Canvas files copied into a folder of ``scratch`` under the names they gave them;
    SubmissionError when they hold more than a submission may (said before anything is copied)."""
    total = sum(path.stat().st_size for path, _ in parts)
    if len(parts) > MAX_SUBMISSION_FILES or total > MAX_SUBMISSION_BYTES:
        raise SubmissionError(f"more than {MAX_SUBMISSION_FILES} files or {MAX_SUBMISSION_BYTES // 2**20} MiB "
                              "handed in: hand in only your exercise files")
    folder = scratch / "canvas" / student_stem
    folder.mkdir(parents=True)
    for path, name in parts:
        shutil.copyfile(path, folder / name, follow_symlinks=False)
    return folder


def _plain_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False
