"""Set-up a newcomer can rely on: what `make grade` and `make test` install, and a first run offline.

The Makefile is run in a copy of what it needs (never in the repository, whose .venv/ is in
use): `make -n` shows what a first run would do; with an index that cannot be reached
(loopback only), the first `make grade` stops within seconds, saying so, before creating
anything. The first-run time on a fresh clone is measured by hand (README, "Quick start").
"""

from __future__ import annotations

import json
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


def dry_run(copy: Path, target: str, *variables: str) -> list[str]:
    done = subprocess.run(["make", "-n", target, f"PYTHON={sys.executable}", *variables], cwd=copy,
                          capture_output=True,
                          text=True, timeout=60, check=True)
    return done.stdout.splitlines()


def installs(lines: list[str]) -> list[str]:
    """What each install step installs (its arguments): by uv, with pip as that step's fallback."""
    steps = []
    for line in lines:
        if "uv pip install" in line:
            by_uv = line.split(" --python .venv/bin/python ", 1)[1].split(";", 1)[0]
            by_pip = line.split(" --retries 1 ", 1)[1].split(";", 1)[0]
            assert by_uv == by_pip, line  # the fallback installs the same thing
            steps.append(by_uv)
    return steps


def test_make_grade_installs_only_what_grading_needs_from_the_lock(fresh):
    lines = dry_run(fresh, "grade")
    assert installs(lines) == ["-r requirements/grade.txt", "--no-deps -e ."]
    assert not [line for line in lines if "dev.txt" in line or "dask" in line or "[dev" in line]
    # the grader's process writes the bytecode of what it imports (uv compiles nothing), where the
    # environment would forbid it; the whole environment's is compiled only for make test
    grade = [line for line in lines if "grader grade" in line][-1]  # (make prints its own lines around it)
    assert grade.startswith("PYTHONDONTWRITEBYTECODE= .venv/bin/grader")
    assert not any("grader.authoring.bytecode" in line for line in lines)
    assert any("grader.authoring.bytecode" in line for line in dry_run(fresh, "test"))
    checks = [i for i, line in enumerate(lines) if "grader.authoring.fetch_uv" in line]
    venv = [i for i, line in enumerate(lines) if " -m venv " in line]
    assert checks and venv and checks[0] < venv[0]  # nothing is created before the index is known to answer


def test_the_set_up_fetches_the_pinned_uv_and_falls_back_to_pip_where_it_cannot(fresh):
    lines = dry_run(fresh, "grade")
    fetch = [i for i, line in enumerate(lines) if "grader.authoring.fetch_uv" in line]
    first_install = min(i for i, line in enumerate(lines) if "uv pip install" in line)
    assert fetch and fetch[0] < first_install
    assert 'fetch_uv "make grade" .venv/.uv' in lines[fetch[0]]  # the version grader.authoring.fetch_uv pins
    assert any("--version 1.2.3" in line for line in dry_run(fresh, "grade", "UV_VERSION=1.2.3"))
    # where uv could not be had, the venv gets a pip (it was made without one) before anything is installed
    fallback = next(line for line in lines if "ensurepip" in line)
    assert fallback.startswith("test -x .venv/.uv/uv ||") and "--upgrade pip" in fallback
    assert lines.index(fallback) < first_install


def test_make_test_adds_the_dev_and_dask_extras_from_the_lock(fresh):
    lines = [step for step in installs(dry_run(fresh, "test")) if step.startswith("-r ")]
    assert lines == ["-r requirements/grade.txt", "-r requirements/dev.txt"]
    (fresh / ".venv").mkdir()
    (fresh / ".venv" / ".installed-grade").touch()  # after `make grade`, `make test` adds only the rest
    assert installs(dry_run(fresh, "test")) == ["-r requirements/dev.txt"]


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


def _make_tests_pytest(tmp_path: Path) -> subprocess.CompletedProcess:
    """pytest with the options of `make test`'s pytest line, over the test modules in ``tmp_path``."""
    line = next(line for line in (ROOT / "Makefile").read_text().splitlines() if "-m pytest" in line)
    options = line.split("-m pytest", 1)[1].split()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tests")}  # -p schedule, as pyproject.toml's pythonpath does
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *options, str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False, env=env)


def test_make_tests_pytest_options_build_a_module_fixture_once(tmp_path):
    """A module fixture that grades a corpus or builds a release costs minutes: with the options of
    `make test`'s pytest line, a module that declares one runs on one worker, so its fixture is built
    once. (Under --dist loadgroup with pytest 9.2 the xdist_group marks were ignored and every such
    fixture was built on every worker.)"""
    for name in "abcd":
        (tmp_path / f"test_{name}.py").write_text(
            "import os\nimport pytest\n\n"
            "@pytest.fixture(scope='module')\ndef heavy():\n"
            f"    with open('built', 'a') as log:\n        log.write('{name}\\n')\n\n"
            "@pytest.mark.parametrize('i', range(20))\ndef test_one(heavy, i):\n    pass\n\n"
            "@pytest.mark.parametrize('i', range(20))\ndef test_two(heavy, i):\n    pass\n")
    done = _make_tests_pytest(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted((tmp_path / "built").read_text().split()) == ["a", "b", "c", "d"]


def test_make_tests_pytest_options_spread_a_module_without_a_shared_fixture(tmp_path):
    """The hostile corpus and the attacks are modules of a hundred slow tests that share nothing: sent
    whole to one worker, each was the run's critical path. With `make test`'s options their tests
    go to every worker (tests/schedule.py)."""
    (tmp_path / "test_slow.py").write_text(
        "import os, time\nimport pytest\n\n"
        "@pytest.mark.parametrize('i', range(40))\ndef test_one(i):\n"
        "    time.sleep(0.05)\n"
        "    with open(f\"ran-{i}\", 'w') as log:\n        log.write(os.environ['PYTEST_XDIST_WORKER'])\n")
    done = _make_tests_pytest(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    workers = {path.read_text() for path in tmp_path.glob("ran-*")}
    assert len(list(tmp_path.glob("ran-*"))) == 40
    assert len(workers) >= 2, workers


def test_make_grade_passes_a_students_id_and_none_without_it(fresh):
    """`make grade STUDENT=ID`: graded with that student's own numbers (docs/students.md)."""
    grade = [line for line in dry_run(fresh, "grade", "STUDENT=Alice@Example.edu") if "grader grade" in line][-1]
    assert grade.endswith("--student 'Alice@Example.edu'")
    assert "--student" not in [line for line in dry_run(fresh, "grade") if "grader grade" in line][-1]


def test_make_tests_sends_the_longest_units_first_and_remembers_their_seconds(tmp_path):
    """A unit of minutes sent last ends the run minutes after the other workers went idle: the units go
    longest first by the seconds of the last run (tests/schedule.py), those of no known time after them;
    a run records its own, and a file that is not figures is no order rather than an error."""
    import schedule

    units = ["a.py", "b.py::t", "c.py", "d.py::t"]
    assert schedule.ordered(units, {"c.py": 90.0, "b.py::t": 30.0}) == ["c.py", "b.py::t", "a.py", "d.py::t"]
    assert schedule.ordered(units, {}) == units
    schedule.record(tmp_path, {"c.py": 90.04, "a.py": 0.1})
    assert json.loads((tmp_path / schedule.MEASURED).read_text()) == {"c.py": 90.0}  # short ones: left out
    schedule.record(tmp_path, {"b.py::t": 5.0})
    assert {"c.py": 90.0, "b.py::t": 5.0}.items() <= schedule.known_seconds(tmp_path).items()
    (tmp_path / schedule.MEASURED).write_text("[not, figures")
    assert schedule.known_seconds(tmp_path) == schedule.known_seconds(tmp_path / "nowhere")


def test_make_tests_keeps_the_rewritten_test_modules_and_runs_the_tests_as_the_machine_says(tmp_path, monkeypatch):
    """Where PYTHONDONTWRITEBYTECODE is set, every worker of every run rewrote and compiled all the test
    modules again (tests/rewritten.py): they are kept now, while a test still runs with writing off."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    (tmp_path / "test_kept.py").write_text(
        "import os, sys\n\ndef test_setting():\n"
        "    with open('seen', 'w') as log:\n"
        "        log.write(f\"{sys.dont_write_bytecode} {os.environ['PYTHONDONTWRITEBYTECODE']}\")\n")
    done = _make_tests_pytest(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "seen").read_text() == "True 1"
    assert list((tmp_path / "__pycache__").glob("test_kept.*-pytest-*.pyc"))
