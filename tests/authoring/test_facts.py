"""grader.authoring.facts and the manifest's [[facts]]: the lesson's headline numbers bind every solution."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from grader.authoring.facts import check_facts, check_signatures
from grader.exceptions import ConfigError
from grader.lesson.course import Course
from grader.lesson.manifest import Fact, load_lesson

from paths import ROOT

PREFILL = ROOT / "suites" / "prefill"


@pytest.fixture
def solutions(tmp_path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(ROOT / "solutions" / "prefill", folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


# ---------------------------------------------------------------------------- the prefill lesson

def test_prefill_declares_the_lessons_headline_numbers():
    lesson = load_lesson(PREFILL)
    calls = {(f.function, f.args): f.expected for f in lesson.facts if f.function}
    assert calls == {("prefill_flops", (7e9, 1000)): 1.4e13, ("prefill_seconds", (7e9, 1000, 1e14, 0.5)): 0.28,
                     ("causal_pairs", (4,)): 10, ("causal_pairs", (5,)): 15}
    answers = {f.answer: f.expected for f in lesson.facts if f.answer}
    assert answers == {"flops": 1.4e13, "seconds": 0.28, "pairs": 10}
    assert all(f.says for f in lesson.facts)


def test_the_reference_reproduces_every_fact():
    course = Course(ROOT)
    lesson = course.lesson("prefill")
    assert check_facts(lesson, course.solutions_dir(lesson)) == []


def test_a_solution_that_changes_a_headline_number_is_named_with_the_lessons_words(solutions):
    edit(solutions / "prefill.py", "return 2 * N * P", "return N * P")
    problems = check_facts(load_lesson(PREFILL), solutions)
    assert len(problems) == 2  # prefill_seconds goes through prefill_flops
    assert problems[0] == ("prefill.py: prefill_flops(7e9, 1000) gives 7e12, but the lesson says "
                           "1.4e13 (the worked example: FLOPs ≈ 2 · N · P = 2 · 7e9 · 1,000 = 1.40e+13)")
    assert "prefill_seconds(7e9, 1000, 1e14, 0.5) gives 0.14" in problems[1]


def test_pairs_count_fifteen_for_the_demo(solutions):
    edit(solutions / "prefill.py", "return P * (P + 1) // 2", "return P * (P + 1) // 2 if P != 5 else 16")
    (problem,) = check_facts(load_lesson(PREFILL), solutions)
    assert "causal_pairs(5) gives 16, but the lesson says 15 (the demo grid" in problem


def test_a_different_but_equivalent_solution_passes(solutions):
    edit(solutions / "prefill.py", "return P * (P + 1) // 2", "return sum(range(1, P + 1))")
    edit(solutions / "prefill.py", "return 2 * N * P", "return float(N) * P * 2.0")
    assert check_facts(load_lesson(PREFILL), solutions) == []


def test_answers_are_read_as_students_write_them(solutions):
    edit(solutions / "answers.toml", 'seconds = "0.28 s"', 'seconds = "2.8e-1 seconds"')
    assert check_facts(load_lesson(PREFILL), solutions) == []
    edit(solutions / "answers.toml", 'seconds = "2.8e-1 seconds"', 'seconds = "0.14 s"')
    (problem,) = check_facts(load_lesson(PREFILL), solutions)
    assert problem.startswith("answers.toml: the answer 'seconds' is 0.14, but the lesson says 0.28")


@pytest.mark.parametrize("old, new, said", [
    ("def causal_pairs(P):", "def causal_pairs_(P):",
     "causal_pairs(4) cannot be called: the module defines no function 'causal_pairs'"),
    ("return P * (P + 1) // 2", "raise RuntimeError('todo')", "causal_pairs(4) raises RuntimeError: todo"),
    ("return P * (P + 1) // 2", "return '10'", "causal_pairs(4) gives '10'"),
    ("return P * (P + 1) // 2", "return True", "causal_pairs(4) gives True"),
], ids=["missing", "raises", "string", "bool"])
def test_a_solution_that_cannot_give_the_number_is_rejected(solutions, old, new, said):
    edit(solutions / "prefill.py", old, new)
    problems = check_facts(load_lesson(PREFILL), solutions)
    assert any(said in p for p in problems), problems


def test_missing_files_are_reported_not_raised(tmp_path):
    problems = check_facts(load_lesson(PREFILL), tmp_path)
    assert len(problems) == 7
    assert "prefill_flops(7e9, 1000) cannot be called: the file is missing" in problems[0]
    assert "the answer 'flops' is not there: the solution folder holds no answers.toml" in problems[4]
    assert "handed in" not in " ".join(problems)  # a student's wording, not an instructor's


def test_an_unreadable_answer_is_reported(solutions):
    edit(solutions / "answers.toml", 'pairs = 10', 'pairs = "ten or so, maybe eleven"')
    (problem,) = check_facts(load_lesson(PREFILL), solutions)
    assert "the answer 'pairs' cannot be read" in problem


# ---------------------------------------------------------------------------- the skeleton's signatures

SKELETON = ROOT / "exercises" / "prefill" / "prefill.py"


def test_the_reference_keeps_every_signature_of_the_skeleton():
    course = Course(ROOT)
    for lesson in (course.lesson(i) for i in course.lesson_ids()):
        skeleton = course.exercises_dir(lesson) / lesson.module
        assert check_signatures(lesson, skeleton, course.solutions_dir(lesson)) == []


@pytest.mark.parametrize("old, new, said", [
    ("utilization=1.0):", "utilization=0.5):", "defines prefill_seconds(N, P, flops_per_sec, utilization=0.5), but "
     "the skeleton students get declares prefill_seconds(N, P, flops_per_sec, utilization=1.0)"),
    ("utilization=1.0):", "utilization=None):", "utilization=None)"),
    ("def causal_pairs(P):", "def causal_pairs(n):", "defines causal_pairs(n), but"),
    ("def causal_pairs(P):", "def causal_pairs(P, cache=None):", "defines causal_pairs(P, cache=None)"),
    ("def causal_pairs(P):", "def causal_pairs(*, P):", "defines causal_pairs(*, P)"),
    ("def causal_mask(P):", "def causal_mask_(P):", "defines no function causal_mask, which the skeleton declares "
     "as causal_mask(P)"),
], ids=["default", "default-none", "renamed", "extra", "keyword-only", "missing"])
def test_a_solution_that_changes_a_signature_is_named(solutions, old, new, said):
    edit(solutions / "prefill.py", old, new)
    (problem,) = check_signatures(load_lesson(PREFILL), SKELETON, solutions)
    assert problem.startswith("prefill.py: ") and said in problem


@pytest.mark.parametrize("old, new", [
    ("utilization=1.0):", "utilization=1):"),  # the same number
    ("utilization=1.0):", "utilization: float = 1.0) -> float:"),  # annotations change no call
    ("def causal_pairs(P):", "def causal_pairs(P):\n    # BEGIN SOLUTION\n    return P\n    # END SOLUTION\n\n"
                             "def _helper(x):"),  # helpers of the solution's own are its business
])
def test_equivalent_signatures_agree(solutions, old, new):
    edit(solutions / "prefill.py", old, new)
    assert check_signatures(load_lesson(PREFILL), SKELETON, solutions) == []


def test_a_default_true_is_not_the_default_one(solutions, tmp_path):
    skeleton = tmp_path / "skeleton.py"
    skeleton.write_text(SKELETON.read_text().replace("utilization=1.0", "utilization=1"))
    edit(solutions / "prefill.py", "utilization=1.0", "utilization=True")
    (problem,) = check_signatures(load_lesson(PREFILL), skeleton, solutions)
    assert "utilization=True" in problem


def test_the_signatures_come_from_the_skeleton_not_from_the_solution(solutions, tmp_path):
    """The skeleton is the truth: an instructor's solution cannot move it, and without it nothing is claimed."""
    edit(solutions / "prefill.py", "utilization=1.0", "utilization=0.5")
    skeleton = tmp_path / "skeleton.py"
    skeleton.write_text(SKELETON.read_text().replace("utilization=1.0", "utilization=0.5"))
    assert check_signatures(load_lesson(PREFILL), skeleton, solutions) == []
    with pytest.raises(ConfigError, match=r"nowhere\.py: is missing: 'grader stubs' writes the students' skeleton"):
        check_signatures(load_lesson(PREFILL), tmp_path / "nowhere.py", solutions)


def test_an_unparsable_or_missing_solution_is_the_solutions_fault(solutions, tmp_path):
    edit(solutions / "prefill.py", "def causal_pairs(P):", "def causal_pairs(P)")
    (problem,) = check_signatures(load_lesson(PREFILL), SKELETON, solutions)
    assert problem.startswith("prefill.py: ") and "is not valid Python" in problem
    (problem,) = check_signatures(load_lesson(PREFILL), SKELETON, tmp_path)
    assert problem == "prefill.py: is missing, so the skeleton's 5 function(s) are not defined"


# ---------------------------------------------------------------------------- the [[facts]] table

MINIMAL = '''id = "t"
module = "t.py"
[[tasks]]
id = "f"
function = "f"
points = 1
[[tasks]]
id = "a"
points = 1
[tasks.answer]
key = "x"
kind = "number"
expected = 2
rtol = 0.01
'''


def manifest(tmp_path: Path, facts: str):
    (tmp_path / "lesson.toml").write_text(MINIMAL + facts, encoding="utf-8")
    return load_lesson(tmp_path)


def test_a_lesson_without_facts_has_none(tmp_path):
    assert manifest(tmp_path, "").facts == ()


def test_facts_load(tmp_path):
    lesson = manifest(tmp_path, '[[facts]]\nfunction = "f"\nargs = [1, 2.5, "s"]\nexpected = 3\nsays = "p. 1"\n'
                                '[[facts]]\nanswer = "x"\nexpected = 2\nsays = "p. 2"\nrel_tol = 0.1\n')
    assert lesson.facts == (Fact(says="p. 1", expected=3, function="f", args=(1, 2.5, "s")),
                            Fact(says="p. 2", expected=2, answer="x", rel_tol=0.1))


@pytest.mark.parametrize("fact, key, message", [
    ('expected = 1\nsays = "s"\n', "facts[0]", "exactly one of 'function'"),
    ('function = "f"\nanswer = "x"\nexpected = 1\nsays = "s"\n', "facts[0]", "exactly one of 'function'"),
    ('answer = "y"\nexpected = 1\nsays = "s"\n', "facts[0].answer", "names no answer of this lesson (answer keys: x)"),
    ('function = "f"\nexpected = 1\n', "facts[0].says", "is required"),
    ('function = "f"\nsays = "s"\n', "facts[0].expected", "is required"),
    ('function = "f"\nexpected = true\nsays = "s"\n', "facts[0].expected", "must be a int or float or str"),
    ('function = "f"\nargs = 1\nexpected = 1\nsays = "s"\n', "facts[0].args", "must be a list"),
    ('function = "f"\nexpected = 1\nsays = "s"\nrel_tol = 0\n', "facts[0].rel_tol", "must be a positive number"),
], ids=["neither", "both", "unknown-answer", "no-says", "no-expected", "bool", "args-not-list", "bad-tolerance"])
def test_a_broken_fact_names_file_and_key(tmp_path, fact, key, message):
    with pytest.raises(ConfigError, match=re.escape(message)) as error:
        manifest(tmp_path, "[[facts]]\n" + fact)
    assert f"{tmp_path / 'lesson.toml'}, key '{key}'" in str(error.value)
