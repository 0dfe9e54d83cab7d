"""grader.grading.variants and grading with a student id: each student's own numbers, end to end, for modules
and notebooks, in a single grade and in a session; without an id, exactly the grade there always was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.authoring.notebook import reference_notebook
from grader.exceptions import ConfigError
from grader.grading.engine import grade
from grader.grading.session import GradingSession
from grader.grading.variants import reference_of, student_variant, variants_for
from grader.lesson.course import Course
from grader.lesson.variants import Variant

from paths import ROOT

COURSE = Course(ROOT)
PREFILL, LATENCY = COURSE.lesson("prefill"), COURSE.lesson("latency")
KEYS = {"hand_flops": "flops", "hand_seconds": "seconds", "hand_pairs": "pairs", "hand_elapsed": "elapsed",
        "hand_decode_rate": "decode_rate", "hand_output_rate": "output_rate", "quiz": "quiz"}


def _answers_for(variant: Variant) -> str:
    """An answers file giving ``variant``'s right answers, written as a student would type them."""
    return "".join(f'{KEYS[task]} = "{value!r}"\n' for task, value in variant.answers.items())


def _folder(tmp_path: Path, lesson, answers: str | None = None, name: str = "sub") -> Path:
    folder = tmp_path / name / lesson.id
    shutil.copytree(ROOT / "solutions" / lesson.id, folder, ignore=shutil.ignore_patterns("__pycache__"))
    if answers is not None:
        (folder / lesson.answers).write_text(answers, encoding="utf-8")
    return folder


def _lost(report) -> set[str]:
    return {t.id for t in report.tasks if t.score < t.max_score}


def test_variants_for_a_class_keyed_by_normalised_id():
    found = variants_for(COURSE, PREFILL, ["Ann", " ann", "Ben", None])
    assert list(found) == ["ann", "ben", None]
    assert found["ann"].student == "ann" and found[None].example and not found["ben"].example
    assert found["ann"] != found["ben"]


def test_the_reference_is_required_to_compute_a_students_answers(tmp_path):
    with pytest.raises(ConfigError, match=r"prefill\.py: is missing"):
        reference_of(PREFILL, tmp_path)


def test_a_course_without_a_salt_refuses_a_student_id(tmp_path):
    shutil.copytree(ROOT / "suites", tmp_path / "suites", ignore=shutil.ignore_patterns("__pycache__"))
    course = Course(tmp_path)
    with pytest.raises(ConfigError) as raised:
        student_variant(course, course.lesson("prefill"), "ann", ROOT / "solutions" / "prefill")
    assert raised.value.source == str(tmp_path / "course.toml") and raised.value.key == "term.salt"
    assert student_variant(course, course.lesson("prefill"), None, tmp_path)[1] is None  # no id: nothing asked


@pytest.mark.parametrize("lesson", [PREFILL, LATENCY], ids=["prefill", "latency"])
def test_a_students_own_right_answers_earn_full_marks_and_lose_them_on_anothers(tmp_path, lesson):
    variants = variants_for(COURSE, lesson, ["ivy", "jay"])
    own = _folder(tmp_path, lesson, _answers_for(variants["ivy"]))
    mine = grade(own, lesson=lesson.id, course=COURSE, student="IVY")
    assert mine.score == mine.max_score
    assert mine.variant.student == "ivy" and dict((n, v) for n, v, _ in mine.variant.parameters) == \
        variants["ivy"].parameters
    theirs = grade(own, lesson=lesson.id, course=COURSE, student="jay")
    answered = {t.id for t in lesson.tasks if t.answer is not None and t.answer.kind == "number"}
    assert _lost(theirs) == {t for t in answered if variants["ivy"].answers[t] != variants["jay"].answers[t]}
    check = next(c for t in theirs.tasks if t.id in _lost(theirs) for c in t.checks)
    assert check.expected and "the right answer for your numbers" in check.message


def test_the_lessons_own_answers_are_told_as_the_worked_example(tmp_path):
    report = grade(_folder(tmp_path, PREFILL), lesson="prefill", course=COURSE, student="kim")
    flops = report.task("hand_flops").checks[0]
    assert not flops.passed and flops.lesson_example
    assert "1.4e13 is the lesson's worked example" in flops.message
    assert report.to_dict()["variant"]["student"] == "kim"
    student_copy = report.for_audience("student")
    assert student_copy.variant.answers == () and student_copy.variant.parameters == report.variant.parameters


def test_without_an_id_the_grade_is_exactly_as_before(tmp_path):
    plain = grade(ROOT / "solutions" / "prefill", lesson="prefill", course=COURSE)
    assert plain.variant is None and plain.score == plain.max_score
    assert not any(c.name == "own_numbers" for t in plain.tasks for c in t.checks)  # not run, not weighed
    assert "variant" not in plain.to_dict() and all("expected" not in c.to_dict() for t in plain.tasks
                                                    for c in t.checks)
    with_id = grade(ROOT / "solutions" / "prefill", lesson="prefill", course=COURSE, student="lee")
    names = {t.id: [c.name for c in t.checks] for t in with_id.tasks}
    assert "own_numbers" in names["prefill_flops"] and "own_numbers" in names["causal_pairs"]
    own = next(c for c in with_id.task("prefill_flops").checks if c.name == "own_numbers")
    assert own.passed and own.visibility == "hidden"


def test_a_hardcoded_function_fails_its_own_numbers_check(tmp_path):
    variant = variants_for(COURSE, PREFILL, ["max"])["max"]
    N, P = variant.calls_of("prefill_flops")[0]
    module = (ROOT / "solutions" / "prefill" / "prefill.py").read_text(encoding="utf-8").replace(
        "    return 2 * N * P\n", f"    if N == {N!r} and P == {P!r}:\n        return 1.0\n    return 2 * N * P\n")
    folder = _folder(tmp_path, PREFILL, _answers_for(variant))
    (folder / "prefill.py").write_text(module, encoding="utf-8")
    report = grade(folder, lesson="prefill", course=COURSE, student="max")
    failing = [c.name for c in report.task("prefill_flops").checks if not c.passed]
    assert failing == ["own_numbers"]
    plain = grade(folder, lesson="prefill", course=COURSE)  # without the id, nothing asks about those numbers
    assert not _lost(plain) & {t.id for t in PREFILL.code_tasks}


def test_a_notebook_is_graded_with_the_students_numbers(tmp_path):
    variant = variants_for(COURSE, PREFILL, ["nia"])["nia"]
    notebook = tmp_path / "prefill.ipynb"
    text = reference_notebook(PREFILL, ROOT / "solutions" / "prefill")
    for key, value in (("flops", "1.4e13"), ("seconds", "0.28 s"), ("pairs", "10")):
        answer = variant.answers[f"hand_{key}"]
        text = text.replace(f'{key} = \\"{value}\\"' if key != "pairs" else "pairs = 10",
                            f'{key} = \\"{answer!r}\\"' if key != "pairs" else f"pairs = {answer}")
    notebook.write_text(text, encoding="utf-8")
    report = grade(notebook, lesson="prefill", course=COURSE, student="nia")
    assert report.score == report.max_score and report.variant.student == "nia"


def test_a_session_grades_each_student_with_their_own_numbers(tmp_path):
    variants = variants_for(COURSE, LATENCY, ["oda", "pat"])
    folder = _folder(tmp_path, LATENCY, _answers_for(variants["oda"]))
    with GradingSession("latency", COURSE) as session:
        oda, pat, nobody = (session.grade(folder, student=s) for s in ("oda", "pat", None))
        extra = session.grade(folder, variants=[variants["oda"], variants["pat"]])
    assert oda.score == oda.max_score and _lost(pat) and nobody.variant is None
    assert len(extra.per_variant) == 2 and all(c.passed for each in extra.per_variant for cs in each.values()
                                                for c in cs)
    assert [c.name for cs in extra.per_variant[0].values() for c in cs] == ["own_numbers"] * 3
