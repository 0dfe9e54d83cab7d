"""The checks' own pytest run (grader.grading.pytest_run) is isolated from the environment's pytest settings."""

from __future__ import annotations

import os
import shutil

import pytest

from grader.grading.engine import grade
from grader.lesson.course import Course

from paths import ROOT


@pytest.fixture
def course(tmp_path) -> Course:
    """A copy of the course whose prefill suite goes to pytest (a conftest.py beside the checks)."""
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    (tmp_path / "course.toml").write_text('lessons = ["prefill"]\n', encoding="utf-8")
    (tmp_path / "suites" / "prefill" / "conftest.py").write_text("", encoding="utf-8")
    return Course(tmp_path)


def test_a_ci_jobs_pytest_settings_never_reach_the_checks_pytest(course, monkeypatch):
    """A CI job running the course's tests often sets PYTEST_ADDOPTS (a JUnit file, -x): pytest.main
    reads it too, and an option the checks' pytest does not load stopped every grade as the suite's fault."""
    monkeypatch.setenv("PYTEST_ADDOPTS", "--junitxml=/nonexistent/x.xml --no-such-option -x")
    monkeypatch.setenv("PYTEST_PLUGINS", "no_such_plugin_module")
    report = grade(course.root / "solutions" / "prefill", course.lesson("prefill"), course)
    assert report.score == report.max_score, [(t.id, t.score) for t in report.tasks]
    assert os.environ["PYTEST_ADDOPTS"] == "--junitxml=/nonexistent/x.xml --no-such-option -x"  # set back
    assert os.environ["PYTEST_PLUGINS"] == "no_such_plugin_module"
