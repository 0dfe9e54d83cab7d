"""Writing a file that is read while it is written: a report, an export, a generated doc.

A reader (a browser, a CI upload, a spreadsheet, the next batch run) must see the old
file or the new one, never half of one, so every file the grader writes for people goes
through ``write``: the text goes to a temporary file beside the target, which then
replaces it in one rename. The temporary's name is short and of one shape (``.grader-``,
a random part, ``.tmp``), never derived from the target's: a target whose name is near the
file system's 255 bytes (a student's long name) must not make its temporary impossible.
One permission rule for all of them: what ``open()`` would give (0o666 less the umask),
because these files are meant to be read, unlike ``mkstemp``'s 0600.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from grader.exceptions import UsageError

TEMPORARY_PREFIX = ".grader-"  # then mkstemp's random part and ".tmp": 22 bytes, whatever the target


def write(path: Path, content: str | Callable[[TextIO], None], *, newline: str | None = None) -> None:
    """Replace ``path`` by ``content`` (a text, or a function writing to the open stream).

    A folder or file that cannot be written is a UsageError naming the path; whatever fails
    while writing leaves the old file as it was and no temporary file behind.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=TEMPORARY_PREFIX, suffix=".tmp")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as stream:
            if isinstance(content, str):
                stream.write(content)
            else:
                content(stream)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as exc:
        _discard(tmp)
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    except BaseException:
        _discard(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
