"""Opening a student's zip without trusting it.

A zip is a list of names and sizes that its author chose. Extracted naively it can write
outside the target folder (``../../.bashrc``, ``/etc/x``), plant a symbolic link that later
reads or writes elsewhere, or expand a few kilobytes into gigabytes (a zip bomb). So every
name is checked before anything is written, links and special files are refused, and the
total size and file count are bounded twice: by what the archive *declares* (a bomb is
reported without expanding a byte of it) and by what is actually written (a lying header
cannot get past the count either). Names are bounded too (``MAX_DEPTH`` folders, a path of
``MAX_NAME_BYTES``): a folder 1500 levels deep would otherwise exhaust the recursion of
every tree walk after it, and a name the disk cannot hold would fail half-way through.

Every refusal is a SubmissionError whose message the instructor reads in the gradebook
row: one line, naming the zip, quoting the archive's own names only through
``grader.result.text.shown``. A damaged archive is the student's (a refusal, whichever
decompressor notices: zlib, lzma, bz2 or a CRC); a disk that cannot be written is not, so
an OSError while *writing* (but for a name the disk refuses) is raised as it is, for the
caller to report as a fault of the environment.

The limits are ``grader.submission.limits``, so a zip never gets further than the same folder would.
"""

from __future__ import annotations

import errno
import lzma
import os
import stat
import struct
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from grader.exceptions import SubmissionError
from grader.result.text import shown
from grader.submission.limits import (
    MAX_DEPTH,
    MAX_NAME_BYTES,
    MAX_SUBMISSION_BYTES,
    MAX_SUBMISSION_FILES,
    NAME_PART_BYTES,
)

JUNK = ("__MACOSX", ".DS_Store", "Thumbs.db")  # what archivers add, never part of a submission
MODULE_SUFFIXES = (".py", ".ipynb")
_CHUNK = 1 << 16
# what a damaged archive raises on the way out of zipfile and its decompressors
_DAMAGED = (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, UnicodeDecodeError, ValueError, struct.error,
            OSError)  # bz2 says "Invalid data stream" as an OSError
_NAME_ERRNOS = (errno.ENAMETOOLONG, errno.EILSEQ, errno.ELOOP)  # a write the member's name made fail


def extract(archive: Path, dest: Path, max_bytes: int = MAX_SUBMISSION_BYTES,
            max_files: int = MAX_SUBMISSION_FILES) -> Path:
    """Extract ``archive`` into the new folder ``dest``; return the submission inside it.

    The submission is the archive's only top-level folder or module file when it has just
    one (``alice.zip`` holding ``alice/`` or ``prefill.py``), else ``dest`` itself.
    """
    try:
        zf = zipfile.ZipFile(archive)
    except UnicodeDecodeError:
        raise _refusal(archive, "a member's name is marked as UTF-8 but is not; zip it again") from None
    except (zipfile.BadZipFile, EOFError, ValueError, struct.error) as exc:
        raise _refusal(archive, f"not a readable zip archive ({exc})") from None
    with zf:
        members = [m for m in zf.infolist() if not _is_junk(m.filename)]
        _check_declared(archive, members, max_bytes, max_files)
        dest.mkdir(parents=True)
        written = 0
        for member in members:
            written += _extract_member(archive, zf, member, dest, written, max_bytes)
    return _submission_root(dest)


def _refusal(archive: Path, problem: str) -> SubmissionError:
    """The one-line reason, naming the zip; ``problem`` may quote the archive's names (made inert here)."""
    return SubmissionError(shown(f"{archive.name}: {problem}", lines=False, limit=500))


def _quoted(name: str) -> str:
    return shown(name, lines=False, limit=120)


def _is_junk(name: str) -> bool:
    return any(part in JUNK or part.startswith("._") for part in name.replace("\\", "/").split("/"))


def _safe_parts(archive: Path, name: str) -> tuple[str, ...]:
    """The path components of a member name, or a SubmissionError if it could leave the folder."""
    if "\0" in name:
        raise _refusal(archive, "a member name holds a NUL byte")
    posix = name.replace("\\", "/")
    path = PurePosixPath(posix)
    drive = len(posix) > 1 and posix[1] == ":"
    if path.is_absolute() or drive or ".." in path.parts:
        raise _refusal(archive, f"the member '{_quoted(name)}' points outside the archive's folder; "
                                "zip the submission folder itself")
    return tuple(p for p in path.parts if p not in ("", "."))


def _check_declared(archive: Path, members: list[zipfile.ZipInfo], max_bytes: int, max_files: int) -> None:
    files = [m for m in members if not m.is_dir()]
    if len(files) > max_files:
        raise _refusal(archive, f"holds {len(files)} files, more than the limit of {max_files}; "
                                "hand in only your exercise files")
    declared = sum(m.file_size for m in files)
    if declared > max_bytes:
        raise _refusal(archive, f"would expand to {declared / 2**20:.1f} MiB, more than the "
                                f"limit of {max_bytes / 2**20:g} MiB (a zip bomb?); it was not extracted")
    for member in members:
        parts = _safe_parts(archive, member.filename)
        if len(parts) > MAX_DEPTH:
            raise _refusal(archive, f"folders are nested {len(parts) - 1} levels deep, more than the limit of "
                                    f"{MAX_DEPTH}; zip the submission folder itself")
        encoded = [p.encode("utf-8", "surrogateescape") for p in parts]
        if sum(len(p) + 1 for p in encoded) > MAX_NAME_BYTES or any(len(p) > NAME_PART_BYTES for p in encoded):
            raise _refusal(archive, f"the member '{_quoted(member.filename)}' has a name too long for a disk")
        mode = member.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise _refusal(archive, f"'{_quoted(member.filename)}' is a symbolic link; zip the files themselves")
        if mode and stat.S_IFMT(mode) and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise _refusal(archive, f"'{_quoted(member.filename)}' is not a regular file")


def _extract_member(archive: Path, zf: zipfile.ZipFile, member: zipfile.ZipInfo, dest: Path,
                    so_far: int, max_bytes: int) -> int:
    """Write one member below ``dest`` (never through a link); return the bytes written."""
    parts = _safe_parts(archive, member.filename)
    if not parts:
        return 0
    quoted = _quoted(member.filename)
    folder = dest
    for part in parts[:-1] if not member.is_dir() else parts:
        folder = folder / part
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise _refusal(archive, f"'{quoted}' clashes with another member")
        _written_by_name(archive, quoted, folder.mkdir, mode=0o755, exist_ok=True)
    if member.is_dir():
        return 0
    target = folder / parts[-1]
    try:
        fd = _written_by_name(archive, quoted, os.open, target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW,
                              0o644)
    except FileExistsError:
        raise _refusal(archive, f"lists '{quoted}' twice") from None
    written = 0
    with os.fdopen(fd, "wb") as out:
        source = _reading(archive, quoted, lambda: zf.open(member))
        with source:
            while chunk := _reading(archive, quoted, lambda: source.read(_CHUNK)):
                written += len(chunk)
                if so_far + written > max_bytes:
                    raise _refusal(archive, f"expands past its declared size, beyond the limit "
                                            f"of {max_bytes / 2**20:g} MiB (a zip bomb?); extraction stopped")
                out.write(chunk)
    return written


def _reading(archive: Path, quoted: str, read):
    """``read()``; whatever a damaged member makes zipfile or a decompressor raise is a refusal."""
    try:
        return read()
    except (RuntimeError, NotImplementedError) as exc:  # encrypted, or a compression zipfile lacks
        raise _refusal(archive, f"cannot be opened ({exc}); zip it again without a password") from None
    except _DAMAGED as exc:
        detail = getattr(exc, "strerror", None) or exc
        raise _refusal(archive, f"is damaged: '{quoted}' cannot be read ({detail}); zip it again") from None


def _written_by_name(archive: Path, quoted: str, write, *args, **kwargs):
    """``write(*args, **kwargs)``; an OSError the member's name caused is a refusal, any other is the disk's."""
    try:
        return write(*args, **kwargs)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno in _NAME_ERRNOS:
            raise _refusal(archive, f"'{quoted}' cannot be written ({exc.strerror or exc})") from None
        raise


def _submission_root(dest: Path) -> Path:
    entries = [p for p in dest.iterdir() if not _is_junk(p.name)]
    if len(entries) == 1:
        only = entries[0]
        if only.is_dir() or only.suffix in MODULE_SUFFIXES:
            return only
    return dest
