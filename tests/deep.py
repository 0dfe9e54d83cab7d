"""Folders nested deeper than Python's recursion, made one level at a time.

A hostile submission or class entry may hold folders 1500 levels deep; the grader must
refuse them without a RecursionError. Making one is no simpler: ``os.makedirs`` recurses and
the path outgrows PATH_MAX, so each level is made inside the last one's descriptor (no
``chdir``: that is the whole process's). Removing one takes an iterative remover too
(``grader.sandbox.inside.files.remove_tree`` or ``rm -rf``): each user says which.
"""

from __future__ import annotations

import os
from pathlib import Path


def nest(folder: Path, levels: int, files: dict[str, bytes] | None = None) -> Path:
    """``levels`` folders ``d`` in the existing ``folder``, each in the last, ``files`` at the bottom."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(levels):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = inner
        for name, data in (files or {}).items():
            out = os.open(name, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
            os.write(out, data)
            os.close(out)
    finally:
        os.close(fd)
    return folder
