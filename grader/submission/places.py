"""Where in a submission folder a lesson's files could be: every folder that holds them, found
by one walk that installed code cannot exhaust.

A repository handed in may carry a virtual environment (``venv/``, ``.venv/``, an ``env/``
holding ``pyvenv.cfg``), ``node_modules/``, ``site-packages/``, caches and ``.git``: tens of
thousands of files that are never a student's work. A search that stopped after a number of
files stopped inside them and called the submission empty. So those folders are not entered,
by rule, and the walk is bounded by time (``SEARCH_SECONDS``) and by the bytes of the names it
lists (``SEARCH_NAME_BYTES``), never by a count of files; what is copied and graded keeps the
submission limits (``grader.sandbox.stage.check_size``). Links are never followed, and no
folder deeper than ``MAX_DEPTH`` is entered (it is not an error here: the search is a search).

A file whose name differs from the module's only in case (``Prefill.py``, ``PREFILL.PY``) is
a candidate too: macOS and Windows import it as the module. Which place is graded is
``grader.submission.files``' decision; this module only says what is where.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from grader.submission.limits import MAX_DEPTH, NOT_SEARCHED, SEARCH_NAME_BYTES, SEARCH_SECONDS

VENV_MARK = "pyvenv.cfg"  # what every virtual environment holds at its top, whatever its folder's name
SEEN = 12  # plain files kept to say what a submission holds when nothing fits


@dataclass(frozen=True)
class Place:
    """A folder holding files named (whatever their case) as ``wanted``: its path relative to the
    searched folder and, for each wanted name in lower case, the names as written, in name order."""

    folder: PurePath
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def file(self, name: str) -> str | None:
        """The file taken as ``name``: the exact name when it is there, else the first of its case variants."""
        written = self.names.get(name.lower(), ())
        return name if name in written else (written[0] if written else None)


@dataclass(frozen=True)
class Search:
    """What one walk of a submission folder found."""

    places: tuple[Place, ...]  # in the order walked: the top first, then each folder's subfolders by name
    visited: int  # entries listed (files and folders), for the tests: a venv's are never listed
    complete: bool  # False: the walk stopped at its bound in time or in bytes of names
    seen: tuple[PurePath, ...]  # a few plain files, those at the top first: "found: ..."


def search(root: Path, wanted: tuple[str, ...], seconds: float = SEARCH_SECONDS,
           name_bytes: int = SEARCH_NAME_BYTES) -> Search:
    """Every folder below ``root`` (``root`` included) holding a plain file named as one of ``wanted``,
    compared without case. Iterative: a folder 1500 levels deep cannot exhaust the recursion."""
    lowered = {name.lower() for name in wanted}
    deadline = time.monotonic() + seconds
    places: list[Place] = []
    seen: list[PurePath] = []
    visited = listed = 0
    stack: list[tuple[Path, PurePath]] = [(Path(root), PurePath())]
    while stack:
        here, relative = stack.pop()
        files, folders = [], []
        try:
            with os.scandir(here) as entries:
                for entry in entries:
                    visited += 1
                    listed += len(entry.name)
                    if listed > name_bytes or (visited % 256 == 0 and time.monotonic() > deadline):
                        return Search(tuple(places), visited, False, tuple(seen))
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.name)
                    elif entry.is_file(follow_symlinks=False):  # a regular file: no link, pipe or device
                        files.append(entry.name)
        except OSError:  # a folder that cannot be read holds nothing to grade
            continue
        if relative.parts and VENV_MARK in files:
            continue  # an environment, whatever its name: nothing of it is the student's
        named: dict[str, list[str]] = {}
        for name in sorted(files):
            if name.lower() in lowered:
                named.setdefault(name.lower(), []).append(name)
            if len(seen) < SEEN and (not relative.parts or name.lower().endswith((".py", ".ipynb"))):
                seen.append(relative / name)
        if named:
            places.append(Place(relative, {name: tuple(each) for name, each in named.items()}))
        if len(relative.parts) < MAX_DEPTH:
            stack.extend((here / name, relative / name) for name in sorted(folders, reverse=True) if searched(name))
    return Search(tuple(places), visited, True, tuple(seen))


def searched(name: str) -> bool:
    """Whether a folder of this name is entered: not hidden (``.git``, ``.venv``), not installed code."""
    return not name.startswith(".") and name not in NOT_SEARCHED
