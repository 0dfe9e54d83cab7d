"""The private copy a worker runs: made from the submission, readable, never writable, removed.

A worker never sees the submission where the student (or the batch) keeps it: it gets a
copy in a folder of its own, holding only plain files and folders (no links out, no pipes
or devices), that a worker running as ``nobody`` can read but not change. The trusted side
makes the copy here; the fork-server template makes its own private copies from it with
the same walks (``inside/files``). Beside the copy, in limited mode, goes the worker's
private temporary folder (bubblewrap gives it a private ``/tmp``): both are removed with
the grade's folder.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from grader.exceptions import CanaryFailed, SubmissionError
from grader.sandbox.inside.files import make_readable, remove_tree
from grader.submission.limits import MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES, NEVER_COPIED, walk

SKIPPED = NEVER_COPIED
# bytes of the temporary folder's path that leave room for what a grade makes below it (a session's staging,
# the grade's folder, a fallback's, the worker's tmp, the kernel's folder) and a kernel's Unix socket at the
# end: such a path may not exceed 107 bytes
SOCKET_ROOM = 32
SHORT_ROOTS = ("/tmp", "/var/tmp", "/dev/shm")

__all__ = ["SKIPPED", "check_size", "copy_folder", "not_copied", "private_tmp", "readable_copy", "remove_tree",
           "temp_root"]


def temp_root() -> str | None:
    """Where grades make their folders: None (the system's temporary folder) unless its path is too long
    for the Unix sockets a notebook's kernel makes below it in limited mode (a TMPDIR deep in a cluster's
    scratch space or on macOS): then the first short one that can be written. A notebook whose kernel
    cannot connect is the environment's fault, never the student's zero; this keeps it from happening."""
    default = tempfile.gettempdir()
    if len(os.fsencode(default)) <= SOCKET_ROOM:
        return None
    return next((root for root in SHORT_ROOTS if os.path.isdir(root) and os.access(root, os.W_OK | os.X_OK)),
                None)


def copy_folder(source: Path, workdir: Path, leave_out: tuple[str, ...] = (), into_existing: bool = False) -> None:
    """Copy a submission folder to ``workdir`` after checking its size; ``leave_out``: more names to skip;
    ``into_existing``: ``workdir`` is there already, empty (a single grade's worker was started into it)."""
    check_size(source)
    skip = set(SKIPPED) | set(leave_out)
    shutil.copytree(source, workdir, symlinks=True, ignore=lambda folder, names: not_copied(folder, names) | skip,
                    dirs_exist_ok=into_existing)


def not_copied(folder: str, names: list[str]) -> set[str]:
    """Only plain files and folders reach the worker: no links out, no pipes or devices."""
    skipped = set(SKIPPED)
    for name in names:
        mode = os.lstat(os.path.join(folder, name)).st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            skipped.add(name)
    return skipped


def readable_copy(tmp: Path, workdir: Path) -> None:
    """Let a worker running as nobody read (not change) the copy: traverse tmp, read the rest."""
    tmp.chmod(0o711)
    make_readable(workdir)


def private_tmp(tmp: Path, uid: int | None) -> Path:
    """The worker's own temporary folder (its ``TMPDIR``) in the grade's folder ``tmp``: 0700, and
    the worker's (``uid``) when it switches to one. Short, for the Unix sockets a kernel makes in it.

    A user namespace that maps no such user (a rootless container) refuses the ``chown``: the
    worker could not become that user either, so this is the sandbox failing its canary (the
    engine falls back to a worker that stays root), never an internal error or a student's zero."""
    folder = tmp / "t"
    folder.mkdir(mode=0o700)
    if uid is not None:
        try:
            os.chown(folder, uid, uid)
        except OSError as exc:
            raise CanaryFailed(f"cannot give the worker its user {uid}: {exc.strerror or exc}", switching=True,
                               uid=uid) from None
    return folder


def check_size(folder: Path) -> None:
    """A SubmissionError when ``folder`` holds more than a submission may (counted before copying):
    files and folders, bytes, and folders within folders (``MAX_DEPTH``, as a batch and a zip refuse).

    Iterative, without following links (``walk``): ``Path.rglob`` recursed, and a folder 1500 levels deep
    in a submission ended ``grader grade`` with a RecursionError (exit status 3, "a fault of the grader")."""
    total = 0
    for count, entry in enumerate(walk(folder, lambda entry: entry.name in SKIPPED, ordered=False), 1):
        if entry.is_file(follow_symlinks=False):
            total += entry.stat(follow_symlinks=False).st_size
        if count > MAX_SUBMISSION_FILES or total > MAX_SUBMISSION_BYTES:
            raise SubmissionError(f"{folder}: more than {MAX_SUBMISSION_FILES} files or "
                                  f"{MAX_SUBMISSION_BYTES // (1024 * 1024)} MB; hand in only your exercise files")
