"""How large a submission may be, wherever it comes from.

One set of numbers for every way a submission arrives (a folder, a zip, a Dask task) and
every reader of its files, so that a zip never gets further than the same folder would
and a parser never reads more than the engine would copy.

``walk`` is the one way the trusted side goes through a submission folder it copies or
hashes: without recursion, and never deeper than ``MAX_DEPTH``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from grader.exceptions import SubmissionError

MAX_SUBMISSION_BYTES = 50 * 1024 * 1024  # all files of a submission together
MAX_SUBMISSION_FILES = 1000
MAX_SOURCE_BYTES = 1 << 20  # of a module's code (lines but comments and blanks) that the trusted process parses
MAX_PARSE_TOKENS = 64_000  # names, numbers, operators and lines of code the trusted process parses (parse_tokens)
MAX_MODULE_BYTES = 8 << 20  # of a module file read whole to parse it: comments cost a parse nearly nothing
MAX_ANSWERS_BYTES = 1 << 20  # of an answers file
MAX_NOTEBOOK_BYTES = 32 * 1024 * 1024  # of an .ipynb, read as JSON
MAX_DEPTH = 32  # folders within folders, in a zip or a submission folder (unzip, grader.batch.snapshot)
MAX_NAME_BYTES = 1024  # of a zip member's whole name, encoded; each part at most NAME_PART_BYTES
NAME_PART_BYTES = 255  # what Linux, macOS and Windows file systems accept for one name
SEARCH_SECONDS = 5.0  # looking for a lesson's files in a submission folder: a bound in time, not in files
SEARCH_NAME_BYTES = 16 << 20  # ... and in the bytes of the names listed (a folder of millions of entries)
NOT_SEARCHED = frozenset({"venv", "site-packages", "node_modules", "__pycache__"})  # nor hidden folders (.git,
# .venv), nor a folder holding pyvenv.cfg (an environment by any name): installed code, never a student's work
# Caches, history and installed environments, not work: never copied nor hashed, so that a repository
# handed in with its venv/ beside prefill.py is graded, not refused for the venv's thousands of files.
NEVER_COPIED = ("__pycache__", ".git", ".ipynb_checkpoints", "venv", ".venv", "site-packages", "node_modules")

# a comment is one token (it costs a parse nothing); a word, a punctuation mark and a line that holds code cost one each
_TOKENS = {bytes: re.compile(rb"#[^\n]*|\w+|[^\s\w]|\n(?=[ \t]*[^\s#])"),
           str: re.compile(r"#[^\n]*|\w+|[^\s\w]|\n(?=[ \t]*[^\s#])")}


def parse_tokens(code: str | bytes, limit: int = MAX_PARSE_TOKENS) -> int:
    """What parsing ``code`` costs the trusted process, counted no further than ``limit + 1``: ``ast``'s memory
    grows with the nodes it makes, not with the bytes (900 KB of ``x = 1`` lines took 390 MB and 5 s to parse, a
    MiB of one string literal nearly nothing), and a node is about a word, a mark or a line. At
    ``MAX_PARSE_TOKENS`` the costliest shapes measured (``a`` or ``a;`` repeated) take about 50 MB and 0.3 s."""
    count = 0
    for _ in _TOKENS[type(code)].finditer(code):
        count += 1
        if count > limit:
            break
    return count


def walk(root: Path, skip: Callable[[os.DirEntry], bool], ordered: bool = True) -> Iterator[os.DirEntry]:
    """Every entry below the folder ``root`` but those ``skip`` leaves out (a folder left out is not
    entered): each folder's entries, then its subfolders; ``ordered``, in name order, so that two
    machines walk alike (a hash), else as the disk lists them, read no further than the caller goes
    (a size check stops at the first entry too many of a folder holding millions). Links are listed,
    never followed. Iterative: ``os.walk`` and ``Path.rglob`` recurse, and a folder
    1500 levels deep in a submission ended the grader in a RecursionError. A folder nested deeper than
    ``MAX_DEPTH`` is a SubmissionError before it is opened."""
    stack = [(Path(root), 0)]
    while stack:
        here, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise SubmissionError(f"{root}: folders are nested more than {MAX_DEPTH} levels deep; "
                                  "hand in only your exercise files")
        folders = []
        with os.scandir(here) as found:
            for entry in sorted(found, key=lambda entry: entry.name) if ordered else found:
                if skip(entry):
                    continue
                if entry.is_dir(follow_symlinks=False):
                    folders.append((here / entry.name, depth + 1))
                yield entry
        stack.extend(reversed(folders))
