"""Fixtures for the batch tests: folders too deep for a recursive walk, made and removed without one.

A folder 1500 levels deep is what a hostile class entry may be; Python's own recursive tree
functions (``os.walk`` in 3.11, ``shutil.rmtree``, pytest's clean-up of ``tmp_path``) overflow on
it, so the fixture builds it one level at a time and removes it with ``rm -rf`` (iterative).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest


@pytest.fixture
def deep_folder():
    """``make(folder, levels, files)``: ``folder`` holding ``levels`` nested folders ``d``, ``files`` at the bottom."""
    made: list[Path] = []

    def make(folder: Path, levels: int, files: dict[str, bytes]) -> Path:
        folder.mkdir(parents=True)
        made.append(folder)
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            for _ in range(levels):
                os.mkdir("d", dir_fd=fd)
                inner = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
                os.close(fd)
                fd = inner
            for name, data in files.items():
                out = os.open(name, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
                os.write(out, data)
                os.close(out)
        finally:
            os.close(fd)
        return folder

    yield make
    for folder in made:
        subprocess.run(["rm", "-rf", str(folder)], check=True)
