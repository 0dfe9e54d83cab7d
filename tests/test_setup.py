"""Set-up a newcomer can rely on: what `make grade` and `make test` install, and a first run offline.

The Makefile is run in a copy of what it needs (never in the repository, whose .venv/ is in
use): `make -n` shows what a first run would do; with an index that cannot be reached
(loopback only), the first `make grade` stops within seconds, saying so, before creating
anything. The first-run time on a fresh clone is measured by hand (README, "Quick start").
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from paths import ROOT

pytestmark = pytest.mark.skipif(not shutil.which("make"), reason="needs make")


@pytest.fixture
def fresh(tmp_path) -> Path:
    """A fresh clone, as far as the Makefile's set-up is concerned: no .venv/."""
    copy = tmp_path / "clone"
    copy.mkdir()
    for name in ("Makefile", "pyproject.toml", "README.md", "course.toml"):
        shutil.copyfile(ROOT / name, copy / name)
    for tree in ("requirements", "grader"):
        shutil.copytree(ROOT / tree, copy / tree, ignore=shutil.ignore_patterns("__pycache__"))
    for tree in ("suites", "solutions"):  # what the bytecode step compiles
        shutil.copytree(ROOT / tree, copy / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    return copy


def offline_env(index: str) -> dict[str, str]:
    """This machine's environment without its pip settings (local wheel folders), pointing pip at ``index``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "VIRTUAL_ENV", "PYTHON"))}
    return {**env, "PIP_INDEX_URL": index, "PIP_CONFIG_FILE": os.devnull}


def dry_run(copy: Path, target: str) -> list[str]:
    done = subprocess.run(["make", "-n", target, f"PYTHON={sys.executable}"], cwd=copy, capture_output=True,
                          text=True, timeout=60, check=True)
    return done.stdout.splitlines()


def installs(lines: list[str]) -> list[str]:
    return [line for line in lines if "pip install" in line]


def test_make_grade_installs_only_what_grading_needs_from_the_lock(fresh):
    lines = dry_run(fresh, "grade")
    assert [line.split(" --retries 1 ", 1)[1] for line in installs(lines)] == [
        "--upgrade pip", "-r requirements/grade.txt", "--no-deps -e ."]
    assert not [line for line in lines if "dev.txt" in line or "dask" in line or "[dev" in line]
    assert any("compileall" in line for line in lines)  # bytecode for the editable package and the suites
    checks = [i for i, line in enumerate(lines) if "grader.authoring.reachable" in line]
    venv = [i for i, line in enumerate(lines) if " -m venv " in line]
    assert checks and venv and checks[0] < venv[0]  # nothing is created before the index is known to answer


def test_make_test_adds_the_dev_and_dask_extras_from_the_lock(fresh):
    lines = [line.rsplit(" ", 1)[1] for line in installs(dry_run(fresh, "test")) if " -r " in line]
    assert lines == ["requirements/grade.txt", "requirements/dev.txt"]
    (fresh / ".venv").mkdir()
    (fresh / ".venv" / ".installed-grade").touch()  # after `make grade`, `make test` adds only the rest
    assert [line.rsplit(" ", 1)[1] for line in installs(dry_run(fresh, "test"))] == ["requirements/dev.txt"]


def test_make_validate_installs_what_grading_needs_and_nothing_more(fresh):
    """validate grades (the suites, solutions, mutants, models) and imports nothing of the dev or dask extras."""
    lines = dry_run(fresh, "validate")
    assert installs(lines) and not [line for line in lines if "dev.txt" in line or "dask" in line or "[dev" in line]
    assert installs(lines) == installs(dry_run(fresh, "grade"))
    assert any("grader validate" in line for line in lines)


def make_grade(copy: Path, index: str) -> subprocess.CompletedProcess:
    return subprocess.run(["make", "grade", f"PYTHON={sys.executable}"], cwd=copy, env=offline_env(index),
                          capture_output=True, text=True, timeout=120, check=False)


def test_offline_the_first_make_grade_stops_at_once_saying_the_index_cannot_be_reached(fresh):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = make_grade(fresh, f"http://127.0.0.1:{port}/simple/")
    assert done.returncode != 0
    assert f"make grade: the package index http://127.0.0.1:{port}/simple/ could not be reached" in done.stderr
    assert "Traceback" not in done.stderr and not (fresh / ".venv").exists()


def test_an_index_that_never_answers_costs_seconds_not_minutes(fresh):
    """The subprocess's limit (120 s) is the bound: pip alone would retry for minutes."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        index = f"http://127.0.0.1:{silent.getsockname()[1]}/simple/"
        done = make_grade(fresh, index)
    assert done.returncode != 0 and f"the package index {index} could not be reached" in done.stderr
    assert not (fresh / ".venv").exists()
