"""grader.authoring.proved: a lesson's validation remembered by a fingerprint of all its verdict rests on;
any change to any of it is a new fingerprint, and only a pass is ever remembered."""

from __future__ import annotations

import importlib.metadata
import json
import shutil
import sys
from pathlib import Path

import pytest

from grader.authoring import proved
from grader.lesson.course import Course

from paths import ROOT


@pytest.fixture
def course(tmp_path, monkeypatch) -> Course:
    """The prefill lesson's three trees and a course.toml; the grader's source as a copy of its own."""
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree / "prefill", tmp_path / tree / "prefill",
                        ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "course.toml").write_text('lessons = ["prefill"]\n')
    package = tmp_path / "engine" / "grader"
    shutil.copytree(proved.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(proved, "PACKAGE", package)
    return Course(tmp_path)


def changed(course: Course, change) -> bool:
    """Whether ``change(course root)`` changes the prefill lesson's fingerprint."""
    lesson = course.lesson("prefill")
    before = proved.fingerprint(course, lesson)
    change(course.root)
    return proved.fingerprint(course, lesson) != before


def append(relative: str, text: str = "\n# changed\n"):
    def change(root: Path) -> None:
        path = root / relative
        path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return change


def add(relative: str, text: str = "x = 1\n"):
    def change(root: Path) -> None:
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return change


INPUTS = {
    "the manifest": append("suites/prefill/lesson.toml"),
    "a check": append("suites/prefill/test_causal_mask.py"),
    "the diagnoses": append("suites/prefill/diagnoses.toml"),
    "a mutant changed": append("suites/prefill/mutants/forgot_factor_2.py"),
    "a mutant added": add("suites/prefill/mutants/new_one.py", "# fails: causal_mask\n"),
    "a mutant removed": lambda root: (root / "suites/prefill/mutants/forgot_factor_2.py").unlink(),
    "a model": append("suites/prefill/models/causal_mask.py"),
    "the notebook text": append("suites/prefill/notebook.md", "\nmore\n"),
    "the solution": append("solutions/prefill/prefill.py"),
    "the solution's answers": append("solutions/prefill/answers.toml"),
    "the exercises": append("exercises/prefill/prefill.py"),
    "a file renamed": lambda root: (root / "exercises/prefill/prefill.py").rename(root / "exercises/prefill/p.py"),
    "course.toml": append("course.toml"),
    "the grader's source": append("engine/grader/grading/engine.py"),
    "the grader's data": append("engine/grader/lesson/engine_diagnoses.toml"),
}


@pytest.mark.parametrize("what", list(INPUTS))
def test_each_input_of_the_verdict_changes_the_fingerprint(course, what):
    assert changed(course, INPUTS[what])


def test_bytecode_is_no_input(course):
    assert not changed(course, add("suites/prefill/__pycache__/test_causal_mask.cpython-311.pyc", "\0"))
    assert not changed(course, add("engine/grader/__pycache__/cli.cpython-311.pyc", "\0"))


def test_what_runs_it_is_an_input(course, monkeypatch):
    assert changed(course, lambda root: monkeypatch.setenv("GRADER_SANDBOX", "limited"))
    assert changed(course, lambda root: monkeypatch.setenv("LANG", "xx_XX.UTF-8"))
    assert changed(course, lambda root: monkeypatch.setattr(sys, "version", sys.version + " (another build)"))
    distributions = list(importlib.metadata.distributions())
    assert changed(course, lambda root: monkeypatch.setattr(importlib.metadata, "distributions",
                                                            lambda: distributions[:-1]))


def test_a_distribution_found_twice_on_the_path_is_one_input(course, monkeypatch):
    """`grader validate` (a script) finds the course's own project once; `python -m` and pytest, with the
    working folder on sys.path, find it twice: the same proof, or make test's validation is never reused."""
    distributions = list(importlib.metadata.distributions())
    assert not changed(course, lambda root: monkeypatch.setattr(importlib.metadata, "distributions",
                                                                lambda: distributions + distributions[:1]))


def test_the_same_inputs_give_the_same_fingerprint(course, tmp_path):
    lesson = course.lesson("prefill")
    assert proved.fingerprint(course, lesson) == proved.fingerprint(course, lesson)
    copy = tmp_path / "copy"
    for tree in ("exercises", "solutions", "suites", "course.toml"):
        (shutil.copytree if tree != "course.toml" else shutil.copy)(course.root / tree, copy / tree)
    assert proved.fingerprint(Course(copy), Course(copy).lesson("prefill")) == proved.fingerprint(course, lesson)


def test_a_remembered_pass_holds_for_its_fingerprint_only(course):
    lesson = course.lesson("prefill")
    key = proved.fingerprint(course, lesson)
    assert not proved.holds(course, lesson)
    path = proved.remember(course, lesson, key)
    assert path == course.root / "build" / "validated" / "prefill" / f"{key}.json"
    assert proved.holds(course, lesson) and proved.holds(course, lesson, key)
    append("suites/prefill/lesson.toml")(course.root)
    assert not proved.holds(course, lesson)  # changed since: validated again


@pytest.mark.parametrize("entry", ["not json", json.dumps({"lesson": "prefill", "verdict": "refused"}),
                                   json.dumps({"lesson": "latency", "verdict": "proved"}), json.dumps([1])])
def test_an_entry_that_is_not_a_pass_of_this_lesson_is_no_proof(course, entry):
    lesson = course.lesson("prefill")
    key = proved.fingerprint(course, lesson)
    path = proved.remember(course, lesson, key)
    data = json.loads(entry) if entry.startswith(("{", "[")) else entry
    if isinstance(data, dict):
        data["fingerprint"] = key
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    assert not proved.holds(course, lesson)


def test_a_cache_that_cannot_be_written_is_no_cache(course):
    (course.root / "build").write_text("a file, not a folder")
    lesson = course.lesson("prefill")
    assert proved.remember(course, lesson, proved.fingerprint(course, lesson)) is None
    assert not proved.holds(course, lesson)


def test_only_the_newest_fingerprints_of_a_lesson_are_kept(course):
    lesson = course.lesson("prefill")
    for number in range(proved.KEEP + 3):
        proved.remember(course, lesson, f"{number:064x}")
    kept = sorted(p.stem for p in (course.root / "build" / "validated" / "prefill").iterdir())
    assert len(kept) == proved.KEEP and f"{proved.KEEP + 2:064x}" in kept


@pytest.mark.parametrize(("entry", "why"), [
    ("not json", "is not JSON"),
    (json.dumps([1]), "not a record of a validation"),
    (json.dumps({"lesson": "latency", "verdict": "proved"}), "records lesson 'latency'"),
    (json.dumps({"lesson": "prefill", "verdict": "refused"}), "not a pass"),
    (json.dumps({"lesson": "prefill", "verdict": "proved", "fingerprint": "0" * 64}), "another fingerprint"),
])
def test_an_entry_that_is_no_proof_is_ignored_saying_why(course, entry, why):
    lesson = course.lesson("prefill")
    key = proved.fingerprint(course, lesson)
    proved.remember(course, lesson, key).write_text(entry)
    found = proved.lookup(course, lesson)
    assert not found.holds and why in found.ignored and found.fingerprint == key


def test_a_lookup_without_an_entry_ignores_nothing_and_one_with_a_pass_holds(course):
    lesson = course.lesson("prefill")
    absent = proved.lookup(course, lesson)
    assert not absent.holds and not absent.ignored
    proved.remember(course, lesson, absent.fingerprint)
    found = proved.lookup(course, lesson)
    assert found.holds and not found.ignored and found.validated and found.short == absent.fingerprint[:12]
