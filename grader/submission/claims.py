"""The student id a submission names itself, read as data and never trusted.

A student's variant (their own numbers) comes from an id the grader gets from where the
submission comes from: a batch entry's name, Gradescope's metadata, GitHub Classroom's
repository, ``grader grade --student`` (docs/class.md, "Whose numbers: student ids"). The
submission may also name a student: a ``student`` or ``student_id`` key anywhere in the
answers file (at the top or under any table), in a notebook's metadata at any depth, or in a
cell's metadata. Anyone can type any name there, so it never chooses a variant; when it
disagrees with the trusted id the report keeps it for the instructor
(``Report.claimed_student``: a copied file often still names its first owner), and the
student's copy never shows it.

A submission may also say which numbers it was given (``variant_claims``): a ``variant``,
``salt`` or ``seed`` key, or one named as a lesson's parameter (``N``, ``ttft``...), in the
answers file or a notebook's metadata, or a Gradescope ``submission_metadata.json`` among its
own files (the real one is beside the submission, never inside it). None of it is read for
grading; the report keeps what it said for the instructor (``Report.claimed_variant``), as it
keeps a claimed id, since someone trying to choose their numbers is worth knowing about.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from grader.describe import bounded_repr
from grader.exceptions import GraderError
from grader.lesson.variants import normalise_id

CLAIM_KEYS = ("student", "student_id")  # keys naming a student, at any depth of the answers or the metadata
VARIANT_KEYS = ("variant", "salt", "seed")  # keys that say which numbers a submission was given
GRADESCOPE_FILE = "submission_metadata.json"  # Gradescope's, beside the submission: a copy inside is the student's
MAX_CLAIM = 200  # characters kept of what the submission says: it is the student's text
MAX_NODES = 5000  # tables and keys looked at in one source: a hostile file's nesting costs no more
MAX_SAID = 6  # claims of numbers kept for the note
MAX_FILES = 5000  # entries of a submitted folder looked at for a submission_metadata.json


def _pairs(source) -> Iterator[tuple[str, object]]:
    """Every (key, value) of a table and the tables inside it (lists too), the top level first
    (breadth first), bounded by ``MAX_NODES``."""
    queue, seen = [source], 0
    while queue and seen < MAX_NODES:
        table = queue.pop(0)
        items = table.items() if isinstance(table, dict) else enumerate(table) if isinstance(table, list) else ()
        for key, value in items:
            seen += 1
            if seen > MAX_NODES:
                return
            if isinstance(key, str):
                yield key, value
            if isinstance(value, (dict, list)):
                queue.append(value)


def claimed(answers, metadata=None, cells: Iterable = ()) -> str:
    """The id the submission names: a ``student`` (or ``student_id``) key of the answers, at the top
    or in any table, else of the notebook metadata at any depth, else of a cell's metadata; "" when
    it names none. Only a string or a whole number counts."""
    for source in (answers, metadata, *cells):
        for key, value in _pairs(source):
            if key not in CLAIM_KEYS or isinstance(value, bool) or not isinstance(value, (str, int)):
                continue
            text = str(value).strip()[:MAX_CLAIM]
            if text:
                return text
    return ""


def variant_claims(answers, names: Iterable[str], metadata=None, cells: Iterable = (),
                   folder: Path | None = None) -> str:
    """What the submission says of its own numbers, for the instructor: each ``variant``, ``salt``,
    ``seed`` or parameter key (``names``) of the answers, the notebook's metadata or a cell's, as
    written ("variant = 0; salt = ''"), and a ``submission_metadata.json`` inside ``folder``; ""
    when it says nothing. Never used to grade."""
    keys = {*VARIANT_KEYS, *names}
    said: list[str] = []
    for source in (answers, metadata, *cells):
        said += [f"{key} = {bounded_repr(value, 40)}" for key, value in _pairs(source) if key in keys]
    if folder is not None and _holds(folder, GRADESCOPE_FILE):
        said.append(f"a {GRADESCOPE_FILE} among its own files")
    said = list(dict.fromkeys(said))
    return "; ".join(said[:MAX_SAID]) + (f"; and {len(said) - MAX_SAID} more" if len(said) > MAX_SAID else "")


def _holds(folder: Path, name: str) -> bool:
    """Whether a file called ``name`` is in ``folder`` or below (links not followed, ``MAX_FILES`` looked at)."""
    if not folder.is_dir():
        return False
    seen = 0
    for _, dirs, files in os.walk(folder, followlinks=False):
        seen += len(dirs) + len(files)
        if name in files:
            return True
        if seen > MAX_FILES:
            return False
    return False


def disagreeing(claim: str, trusted: str | None, normalise: Callable[[str], str | None] = normalise_id) -> str:
    """``claim`` when it names someone other than ``trusted`` (compared as ``normalise`` makes ids alike:
    ``grader.lesson.variants.normalise_id``); "" when it agrees, names nobody, or there is no trusted id."""
    if not claim or not trusted:
        return ""
    try:
        return "" if normalise(claim) == normalise(trusted) else claim
    except (ValueError, GraderError):  # the normaliser refuses what the submission wrote: not the trusted id
        return claim
