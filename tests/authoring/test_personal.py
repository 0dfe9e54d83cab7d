"""grader.authoring.personal: ``grader variant`` and each student's copy of the exercises."""

from __future__ import annotations

import json

import pytest

from grader.authoring.exercises import student_files
from grader.authoring.personal import folder_name, read_roster, stubs_for_students, variant_text, write_copies
from grader.exceptions import UsageError
from grader.grading.variants import variants_for
from grader.lesson.course import Course
from grader.lesson.expressions import show

from paths import ROOT

COURSE = Course(ROOT)
PREFILL, LATENCY = COURSE.lesson("prefill"), COURSE.lesson("latency")


def test_the_json_is_the_parameters_and_the_answers_by_task_id():
    data = json.loads(variant_text(COURSE, PREFILL, " Alice ", "json"))
    variant = variants_for(COURSE, PREFILL, ["alice"])["alice"]
    assert data == {"lesson": "prefill", "student": "alice", "parameters": variant.parameters,
                    "answers": variant.answers}
    assert set(data["answers"]) == {"hand_flops", "hand_seconds", "hand_pairs", "quiz"}


def test_the_text_is_for_people():
    text = variant_text(COURSE, LATENCY, "bob", "text")
    assert text.splitlines()[0] == "latency: student bob"
    assert "hand_elapsed" in text and " s\n" in text


def test_a_roster_is_read_by_its_id_column(tmp_path):
    roster = tmp_path / "class.csv"
    roster.write_text("\ufeffname,id\nAnn A,Ann\nBen,ben\nAnn again, ANN \nnobody,\n", encoding="utf-8")
    assert read_roster(roster) == ["ann", "ben"]


@pytest.mark.parametrize("text, said", [("name\nAnn\n", "'id' column"), ("id\n\n", "holds no student id"),
                                        ("id\nbad\x00id\n", "line 2")])
def test_a_roster_that_is_not_one_is_named(tmp_path, text, said):
    roster = tmp_path / "class.csv"
    roster.write_text(text, encoding="utf-8")
    with pytest.raises(UsageError, match=said) as raised:
        read_roster(roster)
    assert str(roster) in str(raised.value)


def test_each_student_gets_the_exercises_with_their_numbers(tmp_path):
    written = write_copies(COURSE, [PREFILL], ["cat", "dan"], tmp_path)
    assert {p.relative_to(tmp_path).parts[0] for p in written} == {"cat", "dan"}
    variant = variants_for(COURSE, PREFILL, ["cat"])["cat"]
    answers = (tmp_path / "cat" / "exercises" / "prefill" / "answers.toml").read_text(encoding="utf-8")
    assert f"A {show(variant.parameters['N'], 'pow')}-parameter model and a {variant.parameters['P']}-token" \
        in answers
    assert 'flops = ""' in answers and "BEGIN SOLUTION" not in answers
    notebook = (tmp_path / "cat" / "exercises" / "prefill" / "prefill.ipynb").read_text(encoding="utf-8")
    assert f"{variant.parameters['T']}-token prompt" in notebook
    plain = {f.path.name: f.text for f in student_files(COURSE, PREFILL)}
    module = (tmp_path / "cat" / "exercises" / "prefill" / "prefill.py").read_text(encoding="utf-8")
    assert module == plain["prefill.py"]  # the skeleton holds no number of the lesson's


def test_the_plain_exercises_are_the_lessons_own_numbers():
    plain = {f.path.name: f.text for f in student_files(COURSE, PREFILL)}
    assert plain["answers.toml"] == (ROOT / "exercises" / "prefill" / "answers.toml").read_text(encoding="utf-8")
    assert "A 7·10⁹-parameter model and a 1000-token prompt" in plain["answers.toml"]


def test_folder_names_are_safe_and_never_shared(tmp_path):
    assert folder_name("ann@uni.edu") == "ann@uni.edu"
    assert folder_name("../../etc") == "_.._etc" and folder_name("a/b") == "a_b"  # one name, never a path
    with pytest.raises(UsageError, match="would share the folder"):
        write_copies(COURSE, [PREFILL], ["a/b", "a b"], tmp_path)
    assert not any(tmp_path.iterdir())  # refused before anything is written


def test_stubs_for_students_refuses_check_and_an_empty_id(tmp_path):
    with pytest.raises(UsageError, match="--check"):
        stubs_for_students(COURSE, [PREFILL], ["ann"], None, tmp_path, check=True)
    with pytest.raises(UsageError, match="needs an id"):
        stubs_for_students(COURSE, [PREFILL], ["  "], None, tmp_path)
