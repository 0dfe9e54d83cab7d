"""grader.lesson.manifest: a [tasks.answer] table's comparison (rtol, atol, sigfigs), accepted values and units.

The rest of the manifest (tasks, visibility, diagnoses, the real lessons) is tests/lesson/test_manifest.py,
kept apart so that neither file passes the project's 450 lines; what each comparison accepts is
tests/lesson/test_tolerance.py, and which prefixes a unit takes tests/lesson/test_units.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.lesson.manifest import AnswerSpec, load_lesson
from grader.lesson.tolerance import Tolerance

from manifest_text import HEAD, answer_task, broken
from paths import ROOT


def number_answer(tmp_path: Path, body: str) -> AnswerSpec:
    (tmp_path / "lesson.toml").write_text(HEAD + answer_task('kind = "number"\n' + body), encoding="utf-8")
    return load_lesson(tmp_path).task("q").answer


@pytest.mark.parametrize("line, tolerance", [("rtol = 0.02", Tolerance("rtol", 0.02)),
                                             ("atol = 0.5", Tolerance("atol", 0.5)),
                                             ("sigfigs = 3", Tolerance("sigfigs", 3)),
                                             ("rel_tol = 0.05", Tolerance("rtol", 0.05))])
def test_each_comparison_is_declared_by_its_own_key_and_rel_tol_is_read_as_rtol(tmp_path, line, tolerance):
    assert number_answer(tmp_path, f"expected = 1\n{line}\n").tolerance == tolerance


def test_atol_may_be_given_with_a_unit_of_the_question(tmp_path):
    assert number_answer(tmp_path, 'expected = 524\natol = "5 MB"\nunits = ["MB"]\n').tolerance == Tolerance("atol", 5)
    assert number_answer(tmp_path, 'expected = 524\natol = "0.005 GB"\nunits = ["MB"]\n').tolerance.value == 5


@pytest.mark.parametrize("body, key, said", [
    ("rtol = 0.01\natol = 1\n", "atol", "task 'q' declares rtol and atol: a number answer declares exactly one"),
    ("rtol = 0.01\nsigfigs = 2\n", "sigfigs", "declares rtol and sigfigs"),
    ("rtol = 0.01\nrel_tol = 0.01\n", "rel_tol", "declares rtol and rel_tol"),
    ("", "rtol", "task 'q' declares none: a number answer declares exactly one comparison"),
    ("rtol = 0\n", "rtol", "task 'q': must be a positive number, not 0"),
    ("atol = -1\n", "atol", "must be a positive number, not -1"),
    ("sigfigs = 0\n", "sigfigs", "must be a positive number, not 0"),
    ("sigfigs = 2.5\n", "sigfigs", "whole number of significant figures"),
    ("rtol = \"1 %\"\n", "rtol", "must be a positive number"),
])
def test_a_number_answer_without_exactly_one_sound_comparison_names_the_file_task_and_key(tmp_path, body, key, said):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = 1\n' + body))
    assert error.key == f"tasks[0].answer.{key}" and said in error.problem
    assert str(tmp_path / "lesson.toml") in str(error)


def test_a_choice_takes_no_tolerance(tmp_path):
    error = broken(tmp_path, HEAD + answer_task('kind = "choice"\nexpected = "A"\nchoices = { A = "Y", B = "N" }\n'
                                                'rtol = 0.01\n'))
    assert error.key == "tasks[0].answer.rtol" and "is a choice" in error.problem


def test_validate_surfaces_a_broken_comparison(tmp_path, capsys):
    from grader.cli import main

    suite = tmp_path / "suites" / "x"
    suite.mkdir(parents=True)
    (suite / "lesson.toml").write_text(HEAD + answer_task('kind = "number"\nexpected = 1\nrtol = 0.1\natol = 1\n'),
                                       encoding="utf-8")
    assert main(["--course", str(tmp_path), "validate", "--lesson", "x"]) == 3
    err = capsys.readouterr().err
    assert "lesson.toml" in err and "tasks[0].answer.atol" in err and "task 'q' declares rtol and atol" in err


def test_several_accepted_values_numbers_or_strings_with_a_unit_in_the_questions_unit(tmp_path):
    spec = number_answer(tmp_path, 'expected = ["524 MB", "500 MiB", 0.5]\nrtol = 1e-4\nunits = ["MB"]\n')
    assert spec.expected == 524.0  # feedback that shows the answer shows the first
    assert spec.alternatives == (pytest.approx(524.288), 0.5) and spec.accepted[0] == 524.0


def test_one_accepted_value_given_with_a_unit(tmp_path):
    spec = number_answer(tmp_path, 'expected = "0.28 s"\nrtol = 0.01\nunits = ["ms"]\n')
    assert (spec.expected, spec.alternatives) == (pytest.approx(280), ())


def test_a_hint_value_may_carry_a_unit(tmp_path):
    spec = number_answer(tmp_path, 'expected = 524\nrtol = 1e-4\nunits = ["MB"]\n'
                                   'hints = [{ value = "500 kB", message = "a thousand times too small" }]\n')
    assert spec.hints[0].value == pytest.approx(0.5)


@pytest.mark.parametrize("body, key, said", [
    ('expected = []\n', "expected", "lists no accepted value"),
    ('expected = [1, "lots"]\n', "expected[1]", "'lots' must be a number in digits"),
    ('expected = ["524 pairs"]\nunits = ["MB"]\n', "expected", "a unit of this question (MB)"),
    ('expected = "280 MS"\nunits = ["s"]\n', "expected", "could mean"),
    ('expected = [1, true]\n', "expected[1]", "not bool"),
])
def test_an_accepted_value_that_is_no_quantity_of_the_question_names_its_key(tmp_path, body, key, said):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nrtol = 0.01\n' + body))
    assert error.key == f"tasks[0].answer.{key}" and said in error.problem


def test_a_choice_may_accept_several_letters_each_a_choice(tmp_path):
    (tmp_path / "lesson.toml").write_text(HEAD + answer_task('kind = "choice"\nexpected = ["B", "C"]\n'
                                                             'choices = { A = "x", B = "y", C = "z" }\n'),
                                          encoding="utf-8")
    assert load_lesson(tmp_path).task("q").answer.accepted == ("B", "C")
    error = broken(tmp_path, HEAD + answer_task('kind = "choice"\nexpected = ["B", "D"]\n'
                                                'choices = { A = "x", B = "y" }\n'))
    assert error.key == "tasks[0].answer.expected" and "choices" in error.problem


def test_prefixes_absent_empty_or_listed_with_binary_ones(tmp_path):
    assert number_answer(tmp_path, 'expected = 1\nrtol = 0.01\nunits = ["s"]\n').prefixes is None
    assert number_answer(tmp_path, 'expected = 1\nrtol = 0.01\nunits = ["pairs"]\nprefixes = []\n').prefixes == ()
    assert number_answer(tmp_path, 'expected = 1\nrtol = 0.01\nunits = ["B"]\nprefixes = ["M", "Mi"]\n').prefixes \
        == ("M", "Mi")


def test_units_of_two_kinds_are_refused(tmp_path):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = 1\nrtol = 0.01\nunits = ["MB", "ms"]\n'))
    assert error.key == "tasks[0].answer.units" and "bytes and seconds" in error.problem


def test_the_real_lessons_declare_rtol_not_the_deprecated_rel_tol():
    for lesson in ("prefill", "latency"):
        text = (ROOT / "suites" / lesson / "lesson.toml").read_text(encoding="utf-8")
        assert "rel_tol" not in text and "rtol = " in text
