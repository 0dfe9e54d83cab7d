"""grader.grading.answers: reading numbers and choices the way students type them, and grading them."""

from __future__ import annotations

import re
import shutil
import tomllib

import pytest

from grader.exceptions import AnswerFormatError
from grader.grading.answers import grade_answer, load_answers, parse_choice, parse_number
from grader.lesson.course import Course
from grader.lesson.manifest import AnswerSpec, Hint, Task
from grader.result import Diagnosis

from paths import ROOT

SECONDS = ("seconds", "s")
YES_NO = {"A": "Yes", "B": "No"}


# ---------------------------------------------------------------------------- parse_number

@pytest.mark.parametrize("text, expected", [
    ("1.4e13", 1.4e13),
    ("1.40E+13", 1.4e13),
    ("1.4 × 10^13", 1.4e13),
    ("1.4x10^13", 1.4e13),
    ("1.4*10**13", 1.4e13),
    ("10^13", 1e13),
    ("14,000,000,000,000", 1.4e13),
    ("14 000 000 000 000", 1.4e13),
    ("  1.4e13  ", 1.4e13),
    ("-1.4e-3", -1.4e-3),
])
def test_parse_number_reads_paper_notation(text, expected):
    assert parse_number(text) == pytest.approx(expected, rel=1e-12)


def test_parse_number_reads_superscript_exponent():
    assert parse_number("1.4·10¹³") == pytest.approx(1.4e13, rel=1e-12)


def test_parse_number_reads_bare_superscript_power():
    assert parse_number("10¹³") == pytest.approx(1e13, rel=1e-12)


@pytest.mark.parametrize("text", ["0.28 s", "0.28s", "0.28 seconds", "0.28 S"])
def test_parse_number_strips_allowed_units(text):
    assert parse_number(text, units=SECONDS) == pytest.approx(0.28, rel=1e-12)


@pytest.mark.parametrize("value, expected", [(10, 10.0), (0, 0.0), (1.4e13, 1.4e13), (0.28, 0.28), (-3, -3.0)])
def test_parse_number_takes_toml_ints_and_floats(value, expected):
    result = parse_number(value)
    assert type(result) is float
    assert result == expected


def test_parse_number_takes_values_as_tomllib_gives_them():
    data = tomllib.loads("pairs = 10\nflops = 1.4e13\nseconds = \"0.28 s\"\n")
    assert parse_number(data["pairs"]) == 10.0
    assert parse_number(data["flops"]) == 1.4e13
    assert parse_number(data["seconds"], units=SECONDS) == pytest.approx(0.28)


@pytest.mark.parametrize("value", ["", "   ", "abc", "1.4e13e2", "1,4", "nan", "inf", "-inf", "1.4e13 flops",
                                   True, False, None, [1.4e13], {"x": 1}, float("nan"), float("inf")])
def test_parse_number_refuses_with_the_accepted_forms(value):
    with pytest.raises(AnswerFormatError) as info:
        parse_number(value)
    message = str(info.value)
    assert "1.4e13" in message
    assert "1.4 × 10^13" in message
    assert "14,000,000,000,000" in message


@pytest.mark.parametrize("text", ["0.28 s", "0.28s", "0.28 seconds"])
def test_parse_number_refuses_units_when_none_are_allowed(text):
    with pytest.raises(AnswerFormatError, match=re.escape("1.4e13")):
        parse_number(text)


def test_parse_number_refusal_names_the_allowed_units():
    with pytest.raises(AnswerFormatError) as info:
        parse_number("0.28 minutes", units=SECONDS)
    assert "seconds, s" in str(info.value)
    assert "'0.28 minutes'" in str(info.value)


BEYOND = "not a number the grader can compare"


@pytest.mark.parametrize("value", ["1.4 × 10^400", "1.4*10**400", "1e400", "1" * 5000, "1.4 × 10^" + "9" * 5000,
                                   "1.4e-400", "1.4 × 10^-400", 10**400, 10**5000],
                         ids=["power", "stars", "e", "digits", "huge-exponent", "tiny", "tiny-power", "int",
                              "int-past-the-digit-limit"])
def test_parse_number_refuses_what_no_float_can_hold(value):
    with pytest.raises(AnswerFormatError) as info:
        parse_number(value)
    message = str(info.value)
    assert message.startswith(BEYOND) and "power of ten" in message and len(message) < 300


def test_parse_number_names_a_huge_int_by_its_size():
    with pytest.raises(AnswerFormatError, match=re.escape("10**400, a whole number with 401 digits")):
        parse_number(10**400)


# ---------------------------------------------------------------------------- parse_choice

@pytest.mark.parametrize("text", ["B", "b", "No", "no", "B) No", "b. no", "(B)", " B ", "B.", "b) no."])
def test_parse_choice_accepts_letter_or_text(text):
    assert parse_choice(text, YES_NO) == "B"


@pytest.mark.parametrize("text", ["A", "yes", "A) Yes"])
def test_parse_choice_other_choice(text):
    assert parse_choice(text, YES_NO) == "A"


@pytest.mark.parametrize("value", ["C", "Maybe", "", 1, None, True, ["B"]])
def test_parse_choice_refuses_other_answers_listing_the_choices(value):
    with pytest.raises(AnswerFormatError) as info:
        parse_choice(value, YES_NO)
    message = str(info.value)
    assert "A or Yes" in message and "B or No" in message


def test_parse_choice_refuses_a_letter_with_the_other_choices_text():
    with pytest.raises(AnswerFormatError) as info:
        parse_choice("B) Yes", YES_NO)
    message = str(info.value)
    assert "choice B" in message
    assert "choice A" in message
    assert "pick one" in message


# ---------------------------------------------------------------------------- load_answers

def test_load_answers_without_a_file():
    answers, problem = load_answers(None, "answers.toml")
    assert answers is None
    assert "no answers.toml was handed in" in problem


def test_load_answers_reads_a_valid_file(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_text('flops = "1.4 × 10^13"\npairs = 10\nquiz = "B"\n', encoding="utf-8")
    assert load_answers(path, "answers.toml") == ({"flops": "1.4 × 10^13", "pairs": 10, "quiz": "B"}, None)


def test_load_answers_reports_invalid_toml_with_the_line(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_text('flops = "1.4e13"\nseconds = 0.28 s\n', encoding="utf-8")
    answers, problem = load_answers(path, "answers.toml")
    assert answers is None
    assert "answers.toml is not valid TOML" in problem
    assert "line 2" in problem
    assert 'key = "your answer"' in problem  # tells how to quote, without any lesson's answer


def test_load_answers_refuses_non_utf8(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_bytes('flops = "1.4×10^13"\n'.encode("latin-1"))
    answers, problem = load_answers(path, "answers.toml")
    assert answers is None
    assert problem == "answers.toml is not UTF-8 text"


def test_load_answers_reports_an_unreadable_path(tmp_path):
    answers, problem = load_answers(tmp_path, "answers.toml")  # a folder, not a file
    assert answers is None
    assert "answers.toml cannot be read" in problem


def test_load_answers_refuses_huge_files(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_bytes(b"# " + b"x" * (1 << 20) + b"\n")
    answers, problem = load_answers(path, "answers.toml")
    assert answers is None
    assert "larger than" in problem


def test_load_answers_accepts_a_utf8_byte_order_mark(tmp_path):
    path = tmp_path / "answers.toml"
    path.write_bytes(b"\xef\xbb\xbf" + b'flops = "1.4e13"\n')
    assert load_answers(path, "answers.toml") == ({"flops": "1.4e13"}, None)


def _written(tmp_path, text: str):
    path = tmp_path / "answers.toml"
    path.write_text(text, encoding="utf-8")
    return load_answers(path, "answers.toml")


@pytest.mark.parametrize("flops", ["1" * 400, "1" * 5000, "-" + "9" * 10_000, "1e400", "1.4e-400"],
                         ids=["400-digits", "5000-digits", "10000-digits", "float-beyond", "float-below"])
def test_load_answers_keeps_every_other_answer_beside_a_number_no_float_holds(tmp_path, flops):
    answers, problem = _written(tmp_path, f'flops = {flops}\npairs = 10\nquiz = "B"\n')
    assert problem is None and (answers["pairs"], answers["quiz"]) == (10, "B")
    assert not grade(number_task(), answers).passed
    assert BEYOND in grade(number_task(), answers).message


def test_load_answers_leaves_long_digits_in_strings_and_comments_alone(tmp_path):
    digits = "7" * 5000
    answers, problem = _written(tmp_path, f'note = "{digits}"\n# {digits}\nlit = \'{digits}\'\n'
                                          f'flops = {digits}\nnested = [1, {{ x = {digits} }}]\npairs = 10\n')
    assert problem is None
    assert answers["note"] == answers["lit"] == digits and answers["pairs"] == 10
    assert repr(answers["flops"]) == repr(answers["nested"][1]["x"]) == "a whole number with 5000 digits"


# ---------------------------------------------------------------------------- grade_answer

def number_task(**overrides) -> Task:
    spec = {"key": "flops", "kind": "number", "expected": 1.4e13, "question": "Prefill FLOPs for 7e9 x 1000?",
            "wrong": "Multiply 2, N and P.", "rel_tol": 0.01, "units": ("flops",),
            "hints": (Hint(value=7e12, message="that is N · P, prefill is 2 · N · P."),)}
    spec.update(overrides)
    return Task(id="hand_flops", title="FLOPs by hand", points=1.0, answer=AnswerSpec(**spec))


def choice_task() -> Task:
    spec = AnswerSpec(key="quiz", kind="choice", expected="B", question="Independent?", choices=dict(YES_NO),
                      wrong="Attention is causal.", hints=(Hint(value="A", message="together is not independent."),))
    return Task(id="quiz", title="Quiz", points=1.0, answer=spec)


def grade(task, answers, problem=None):
    return grade_answer(task, answers, problem, "answers.toml")


@pytest.mark.parametrize("given", ["1.4e13", "1.4 × 10^13", "14,000,000,000,000", "1.4e13 flops", 1.4e13,
                                   14000000000000])
def test_grade_answer_correct(given):
    result = grade(number_task(), {"flops": given})
    assert result.passed
    assert result.name == "answers.toml:flops"
    assert result.message == ""
    assert result.description == "Prefill FLOPs for 7e9 x 1000?"


@pytest.mark.parametrize("given", ["B", "no", "B) No"])
def test_grade_answer_correct_choice(given):
    assert grade(choice_task(), {"quiz": given}).passed


def test_grade_answer_empty_is_not_answered_yet():
    result = grade(number_task(), {"flops": ""})
    assert not result.passed
    assert result.message == "not answered yet: Prefill FLOPs for 7e9 x 1000?"


def test_grade_answer_without_answers_file_passes_on_the_problem():
    result = grade(number_task(), None, "no answers.toml was handed in")
    assert not result.passed
    assert result.message == "no answers.toml was handed in"


def test_grade_answer_missing_key_names_key_and_file():
    result = grade(number_task(), {"seconds": "0.28"})
    assert not result.passed
    assert "answers.toml" in result.message
    assert "'flops'" in result.message


def test_grade_answer_unreadable_lists_the_forms():
    result = grade(number_task(), {"flops": "fourteen trillion"})
    assert not result.passed
    assert result.message.startswith("flops: ")
    assert "1.4e13" in result.message and "14,000,000,000,000" in result.message


def test_grade_answer_unreadable_choice_lists_the_choices():
    result = grade(choice_task(), {"quiz": "Maybe"})
    assert not result.passed
    assert "A or Yes" in result.message


@pytest.mark.parametrize("given", ["7e12", "7 × 10^12", 7e12])
def test_grade_answer_recognised_wrong_value_gets_the_hint(given):
    result = grade(number_task(), {"flops": given})
    assert not result.passed
    assert "that is N · P, prefill is 2 · N · P." in result.message
    assert "Multiply 2, N and P." not in result.message
    assert repr(given) in result.message


def test_grade_answer_choice_hint():
    result = grade(choice_task(), {"quiz": "Yes"})
    assert not result.passed
    assert "together is not independent." in result.message


def test_grade_answer_other_wrong_value_gets_the_wrong_text():
    result = grade(number_task(), {"flops": "2.8e13"})
    assert not result.passed
    assert "Multiply 2, N and P." in result.message
    assert "'2.8e13'" in result.message
    assert "N · P" not in result.message


@pytest.mark.parametrize("given, passes", [("1.39e13", True), ("1.41e13", True), ("1.3e13", False),
                                           ("1.5e13", False)])
def test_grade_answer_respects_rel_tol(given, passes):
    assert grade(number_task(rel_tol=0.01), {"flops": given}).passed is passes


def test_grade_answer_tight_rel_tol():
    assert not grade(number_task(rel_tol=1e-9), {"flops": "1.39e13"}).passed
    assert grade(number_task(rel_tol=0.1), {"flops": "1.3e13"}).passed


def test_grade_answer_zero_expected_does_not_crash():
    task = number_task(expected=0, hints=())
    assert grade(task, {"flops": "0"}).passed
    assert not grade(task, {"flops": "1"}).passed


ANYTHING = {"int": 10**400, "int-past-the-digit-limit": 10**5000, "in-a-list": [10**5000],
            "in-a-table": {"a": [-(10**5000)]}, "long-text": "x" * 10**6, "long-digits": "1" * 10**6,
            "long-exponent": "1.4 × 10^" + "9" * 10**5}


@pytest.mark.parametrize("task", [number_task, choice_task], ids=["number", "choice"])
@pytest.mark.parametrize("value", ANYTHING.values(), ids=ANYTHING.keys())
def test_grade_answer_gives_short_feedback_on_any_value(task, value):
    result = grade(task(), {"flops": value, "quiz": value})
    assert not result.passed and result.message and len(result.message) < 300


def test_an_answer_out_of_range_is_no_misconception_of_notation():
    result = grade(diagnosed_task(), {"flops": "1.4 × 10^400"})
    assert result.message.startswith(f"flops: {BEYOND}: '1.4 × 10^400'") and result.diagnosis is None


# ---------------------------------------------------------------------------- diagnoses

HALF = Diagnosis("hand-flops.missing-factor-2", "that is N · P, prefill is 2 · N · P.", reveals=True)
UNREADABLE = Diagnosis("answers.unreadable", "Your answer cannot be read as one number.")


def diagnosed_task(**overrides) -> Task:
    return number_task(hints=(Hint(value=7e12, message=HALF.hint, diagnosis=HALF),), unreadable=UNREADABLE,
                       **overrides)


def test_a_recognised_wrong_answer_carries_its_diagnosis():
    result = grade(diagnosed_task(), {"flops": "7e12"})
    assert result.diagnosis == HALF and HALF.hint in result.message


def test_an_unreadable_answer_carries_the_unreadable_diagnosis_and_the_forms():
    result = grade(diagnosed_task(), {"flops": "280 ms"})
    assert result.diagnosis == UNREADABLE
    assert "1.4e13" in result.message and "accepted units: flops" in result.message


@pytest.mark.parametrize("answers", [{"flops": ""}, {"flops": "2.8e13"}, {"flops": "1.4e13"}, {}])
def test_no_diagnosis_for_what_no_misconception_explains(answers):
    assert grade(diagnosed_task(), answers).diagnosis is None


def test_a_secret_answer_task_keeps_its_answer_giving_hint_from_students():
    result = grade(diagnosed_task(), {"flops": "7e12"})
    result.visibility = "hidden"
    student = result.for_audience("student")
    assert student.diagnosis is None and HALF.hint not in student.message
    assert grade(diagnosed_task(), {"flops": "ten"}).for_audience("student").diagnosis == UNREADABLE


# ---------------------------------------------------------------------------- a whole grade

def test_a_folder_whose_answers_no_float_holds_is_graded_with_feedback_on_each(tmp_path):
    from grader.grading.engine import grade as grade_folder

    folder = tmp_path / "prefill"
    shutil.copytree(ROOT / "solutions" / "prefill", folder)
    (folder / "answers.toml").write_text(f'flops = "1.4 × 10^400"\nseconds = {"2" * 5000}\npairs = {"1" * 400}\n'
                                         'quiz = "B"\n', encoding="utf-8")
    report = grade_folder(folder, course=Course(ROOT))
    for task in ("hand_flops", "hand_seconds", "hand_pairs"):
        assert report.task(task).score == 0 and BEYOND in report.task(task).feedback
    assert report.task("quiz").status == "passed" and report.task("causal_mask").status == "passed"
