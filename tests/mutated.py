"""A lesson's mutants as the submissions they stand for, for tests that grade one directly.

A mutant holds only what it changes (``grader.authoring.mutants``); a test that hands one
to ``grade`` needs the whole module, so it is laid over the reference here, once per test
process, in a folder removed when the process ends.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from grader.authoring.mutants import load_mutants, materialize
from grader.lesson.manifest import Lesson

_MADE = Path(tempfile.mkdtemp(prefix="grader-test-mutants-"))
atexit.register(shutil.rmtree, _MADE, True)


def mutant_folder(lesson: Lesson, name: str, solutions: Path) -> Path:
    """The reference folder ``solutions`` with mutant ``name`` laid over it (made once)."""
    folder = _MADE / lesson.id / name / lesson.id
    if not folder.exists():
        mutant = next(m for m in load_mutants(lesson) if m.name == name)
        folder.parent.mkdir(parents=True)
        materialize(mutant, lesson, solutions, folder)
    return folder


def mutant_module(lesson: Lesson, name: str, solutions: Path) -> Path:
    """The module file mutant ``name`` stands for."""
    return mutant_folder(lesson, name, solutions) / lesson.module
