"""Opening a student's zip without trusting it.

A zip is a list of names and sizes that its author chose. Extracted naively it can write
outside the target folder (``../../.bashrc``, ``/etc/x``), plant a symbolic link that later
reads or writes elsewhere, or expand a few kilobytes into gigabytes (a zip bomb). So every
name is checked before anything is written, links and special files are refused, and the
total size and file count are bounded twice: by what the archive *declares* (a bomb is
reported without expanding a byte of it) and by what is actually written (a lying header
cannot get past the count either). Every refusal is a SubmissionError whose message the
instructor reads in the gradebook row.

The limits are ``grader.submission.limits``, so a zip never gets further than the same folder would.
"""

from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path, PurePosixPath

from grader.exceptions import SubmissionError
from grader.submission.limits import MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES

JUNK = ("__MACOSX", ".DS_Store", "Thumbs.db")  # what archivers add, never part of a submission
MODULE_SUFFIXES = (".py", ".ipynb")
_CHUNK = 1 << 16


def extract(archive: Path, dest: Path, max_bytes: int = MAX_SUBMISSION_BYTES,
            max_files: int = MAX_SUBMISSION_FILES) -> Path:
    """Extract ``archive`` into the new folder ``dest``; return the submission inside it.

    The submission is the archive's only top-level folder or module file when it has just
    one (``alice.zip`` holding ``alice/`` or ``prefill.py``), else ``dest`` itself.
    """
    try:
        with zipfile.ZipFile(archive) as zf:
            members = [m for m in zf.infolist() if not _is_junk(m.filename)]
            _check_declared(archive, members, max_bytes, max_files)
            dest.mkdir(parents=True)
            written = 0
            for member in members:
                written += _extract_member(archive, zf, member, dest, written, max_bytes)
    except zipfile.BadZipFile as exc:
        raise SubmissionError(f"{archive.name}: not a readable zip archive ({exc})") from None
    except (RuntimeError, NotImplementedError) as exc:  # encrypted, or a compression zipfile lacks
        raise SubmissionError(f"{archive.name}: cannot be opened ({exc}); zip it again without a password") from None
    except OSError as exc:
        raise SubmissionError(f"{archive.name}: cannot be extracted ({exc.strerror or exc})") from None
    return _submission_root(dest)


def _is_junk(name: str) -> bool:
    return any(part in JUNK or part.startswith("._") for part in name.replace("\\", "/").split("/"))


def _safe_parts(archive: Path, name: str) -> tuple[str, ...]:
    """The path components of a member name, or a SubmissionError if it could leave the folder."""
    if "\0" in name:
        raise SubmissionError(f"{archive.name}: a member name holds a NUL byte")
    posix = name.replace("\\", "/")
    path = PurePosixPath(posix)
    drive = len(posix) > 1 and posix[1] == ":"
    if path.is_absolute() or drive or ".." in path.parts:
        raise SubmissionError(f"{archive.name}: the member '{name}' points outside the archive's folder; "
                              "zip the submission folder itself")
    return tuple(p for p in path.parts if p not in ("", "."))


def _check_declared(archive: Path, members: list[zipfile.ZipInfo], max_bytes: int, max_files: int) -> None:
    files = [m for m in members if not m.is_dir()]
    if len(files) > max_files:
        raise SubmissionError(f"{archive.name}: holds {len(files)} files, more than the limit of {max_files}; "
                              "hand in only your exercise files")
    declared = sum(m.file_size for m in files)
    if declared > max_bytes:
        raise SubmissionError(f"{archive.name}: would expand to {declared / 2**20:.1f} MiB, more than the "
                              f"limit of {max_bytes / 2**20:g} MiB (a zip bomb?); it was not extracted")
    for member in members:
        _safe_parts(archive, member.filename)
        mode = member.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise SubmissionError(f"{archive.name}: '{member.filename}' is a symbolic link; "
                                  "zip the files themselves")
        if mode and stat.S_IFMT(mode) and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise SubmissionError(f"{archive.name}: '{member.filename}' is not a regular file")


def _extract_member(archive: Path, zf: zipfile.ZipFile, member: zipfile.ZipInfo, dest: Path,
                    so_far: int, max_bytes: int) -> int:
    """Write one member below ``dest`` (never through a link); return the bytes written."""
    parts = _safe_parts(archive, member.filename)
    if not parts:
        return 0
    folder = dest
    for part in parts[:-1] if not member.is_dir() else parts:
        folder = folder / part
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise SubmissionError(f"{archive.name}: '{member.filename}' clashes with another member")
        folder.mkdir(mode=0o755, exist_ok=True)
    if member.is_dir():
        return 0
    target = folder / parts[-1]
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    except FileExistsError:
        raise SubmissionError(f"{archive.name}: lists '{member.filename}' twice") from None
    written = 0
    with os.fdopen(fd, "wb") as out, zf.open(member) as source:
        while chunk := source.read(_CHUNK):
            written += len(chunk)
            if so_far + written > max_bytes:
                raise SubmissionError(f"{archive.name}: expands past its declared size, beyond the limit "
                                      f"of {max_bytes / 2**20:g} MiB (a zip bomb?); extraction stopped")
            out.write(chunk)
    return written


def _submission_root(dest: Path) -> Path:
    entries = [p for p in dest.iterdir() if not _is_junk(p.name)]
    if len(entries) == 1:
        only = entries[0]
        if only.is_dir() or only.suffix in MODULE_SUFFIXES:
            return only
    return dest
