"""One rule for "is this stream a terminal?", for every table, bar and colour the grader draws.

rich decides (``Console.is_terminal``, ``is_dumb_terminal``), so the grader honours what
terminal programs agree on: ``FORCE_COLOR`` and ``TTY_COMPATIBLE=1`` make any stream a
terminal, ``TTY_COMPATIBLE=0`` and ``TERM=dumb`` make none, ``NO_COLOR`` keeps the layout
and drops the colours. Only rich's answer is used, but rich costs about 45 ms to import,
and most grades write to a file or a pipe: a stream that no variable forces and that is
not a TTY is answered here without importing rich.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console


def console(stream: TextIO, **options) -> Console | None:
    """A rich Console writing to ``stream`` when it is a terminal that understands control codes, else None.

    ``options`` go to the Console (``highlight=False``, ...)."""
    if not _may_be_terminal(stream):
        return None
    from rich.console import Console

    candidate = Console(file=stream, **options)
    if not candidate.is_terminal or candidate.is_dumb_terminal:
        return None
    return candidate


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` gets terminal output (tables, bars, colours) rather than plain text."""
    return console(stream) is not None


def _may_be_terminal(stream: TextIO) -> bool:
    """False only when rich would certainly say "not a terminal" (cheap: no rich import)."""
    if os.environ.get("TTY_COMPATIBLE") == "0":
        return False
    if os.environ.get("FORCE_COLOR") is not None or os.environ.get("TTY_COMPATIBLE") == "1":
        return True
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
