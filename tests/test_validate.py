"""grader validate: the proof that a lesson's suite separates right from wrong."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from grader.course import Course
from grader.exceptions import ConfigError
from grader.validate import load_mutants, validate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def course(tmp_path) -> Course:
    """A copy of the course with only a few mutants, so each test stays quick."""
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__"))
    keep = {"forgot_factor_2.py", "transposed_mask.py", "quiz_yes"}
    for mutant in (tmp_path / "suites" / "prefill" / "mutants").iterdir():
        if mutant.name not in keep:
            shutil.rmtree(mutant) if mutant.is_dir() else mutant.unlink()
    return Course(tmp_path)


def run(course: Course, **kwargs) -> tuple[bool, str]:
    out = io.StringIO()
    return validate(course, stream=out, **kwargs), out.getvalue()


def test_the_real_lesson_has_enough_mutants_covering_every_task():
    lesson = Course(ROOT).lesson("prefill")
    mutants = load_mutants(lesson)
    assert len(mutants) >= 25
    assert set().union(*(m.fails for m in mutants)) == {t.id for t in lesson.tasks}


def test_a_sound_suite_validates(course):
    ok, table = run(course)
    assert ok, table
    assert "mutation score: 3/3" in table
    assert "reference" in table and "stubs" in table and "WRONG" not in table


def test_a_wrong_instructor_solution_is_blamed(course, tmp_path):
    solutions = tmp_path / "mine"
    shutil.copytree(ROOT / "solutions", solutions)
    path = solutions / "prefill" / "prefill.py"
    path.write_text(path.read_text().replace("return P * (P + 1) // 2", "return P * P"))
    ok, table = run(course, solutions=solutions)
    assert not ok
    assert "does not score full marks" in table and "causal_pairs" in table


def test_a_mutant_the_suite_misses_is_reported(course):
    mutants = course.root / "suites" / "prefill" / "mutants"
    (mutants / "harmless.py").write_text("# mistake: none at all\n# fails: causal_mask\n"
                                         + (ROOT / "solutions" / "prefill" / "prefill.py").read_text())
    ok, table = run(course)
    assert not ok
    assert "harmless" in table and "does not catch it on causal_mask" in table
    assert "mutation score: 3/4" in table


def test_a_stub_that_scores_is_reported(course):
    stub = course.root / "exercises" / "prefill" / "prefill.py"
    stub.write_text(stub.read_text().replace("def causal_pairs(P):\n    pass", "def causal_pairs(P):\n    return P * (P + 1) // 2"))
    ok, table = run(course)
    assert not ok and "score points on causal_pairs" in table


def test_a_mutant_without_declaration_is_a_config_error(course):
    (course.root / "suites" / "prefill" / "mutants" / "vague.py").write_text("def f():\n    pass\n")
    with pytest.raises(ConfigError, match="vague.py.*# fails"):
        run(course)


def test_a_mutant_declaring_an_unknown_task_is_a_config_error(course):
    (course.root / "suites" / "prefill" / "mutants" / "typo.py").write_text("# fails: causal_mask, casual_pairs\n")
    with pytest.raises(ConfigError, match="casual_pairs"):
        run(course)
