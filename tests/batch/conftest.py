"""Fixtures for the batch tests: folders too deep for a recursive walk, made and removed without one.

A folder 1500 levels deep is what a hostile class entry may be; Python's own recursive tree
functions (``os.walk`` in 3.11, ``shutil.rmtree``, pytest's clean-up of ``tmp_path``) overflow on
it, so the fixture builds it one level at a time (tests/deep.py) and removes it with ``rm -rf``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from deep import nest


@pytest.fixture
def deep_folder():
    """``make(folder, levels, files)``: ``folder`` holding ``levels`` nested folders ``d``, ``files`` at the bottom."""
    made: list[Path] = []

    def make(folder: Path, levels: int, files: dict[str, bytes]) -> Path:
        folder.mkdir(parents=True)
        made.append(folder)
        return nest(folder, levels, files)

    yield make
    for folder in made:
        subprocess.run(["rm", "-rf", str(folder)], check=True)


@pytest.fixture(autouse=True)
def flaky_markers(tmp_path_factory, monkeypatch):
    """Where ``fake_sessions.FlakySession`` remembers it failed once: a batch grades a copy of each entry
    made for that run (``grader.batch.entries``), so a marker beside the graded file would not outlive it."""
    from fake_sessions import MARKERS

    monkeypatch.setenv(MARKERS, str(tmp_path_factory.mktemp("markers")))
