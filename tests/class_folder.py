"""A student's entry put into a class folder, in each form ``grader batch`` reads one.

A folder, a module file, or a zip of either: a test that builds a class folder by hand
(tests/batch/test_coordinator.py does) places each student's source with ``place`` rather
than repeating the copying and zipping. It lives here, not in a test file, so that any
batch test can use it.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path


def place(source: Path, folder: Path, student: str, zipped: bool = False) -> None:
    """``source`` (a folder, or a module file) as ``student``'s entry in ``folder``; zipped, a module
    file is stored as prefill.py."""
    if zipped:
        with zipfile.ZipFile(folder / f"{student}.zip", "w") as zf:
            for item in sorted(source.rglob("*") if source.is_dir() else [source]):
                if item.is_file() and "__pycache__" not in item.parts:
                    zf.write(item, Path(student) / item.relative_to(source) if source.is_dir() else "prefill.py")
    elif source.is_dir():
        shutil.copytree(source, folder / student, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copyfile(source, folder / f"{student}.py")
