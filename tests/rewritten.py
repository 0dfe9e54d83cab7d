"""The test modules' rewritten bytecode, kept between runs: a pytest plugin (``-p rewritten``, make test).

Why: pytest rewrites every test module's asserts before importing it (what makes a failing assert
show its values), and caches the result beside the module as Python caches bytecode, unless
``PYTHONDONTWRITEBYTECODE`` is set, as it is on CI machines and this project's own. Then every
process of every run rewrites and compiles all 180 modules again: about 8 s of CPU in each of make
test's xdist workers, every run, for the same result. Bytecode writing is allowed here during
collection only, when nothing but the tests, their helpers and the libraries they import at the top
is imported (all of it trusted code of this repository and its environment); the variable is left
set, so no process a test starts (a grade, a student's worker) writes any, and every test runs
with the setting the machine chose. The trees of data that pytest happens to collect from (a corpus
entry named ``*_test.py``, the held-out evidence) are imported as before, writing nothing into them.
A tree that cannot be written is left as it is (Python skips the write).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DATA = (TESTS / "corpus", TESTS / "heldout")  # students' code and evidence: nothing written beside them


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """A test module is imported (its asserts rewritten) while it is collected: with bytecode writing allowed."""
    path = Path(collector.path).resolve() if isinstance(collector, pytest.Module) else None
    if path is None or any(tree == path or tree in path.parents for tree in DATA):
        return (yield)
    before = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = before
