"""grader.grading.writing: each question's own accepted forms (its unit, an example of its size, never its answer)."""

from __future__ import annotations

import math

import pytest

from grader.grading.answers import parse_number
from grader.grading.writing import accepted_forms, choice_forms, example
from grader.lesson.course import Course
from grader.lesson.manifest import AnswerSpec, Hint

from paths import ROOT

COURSE = Course(ROOT)
NUMBER_QUESTIONS = [(lesson, t) for lesson in ("prefill", "latency") for t in COURSE.lesson(lesson).tasks
                    if t.answer and t.answer.kind == "number"]
IDS = [f"{lesson}:{t.id}" for lesson, t in NUMBER_QUESTIONS]


def spec(**overrides) -> AnswerSpec:
    fields = {"key": "x", "kind": "number", "expected": 1.4e13, "units": ("FLOPs",)}
    fields.update(overrides)
    return AnswerSpec(**fields)


@pytest.mark.parametrize("lesson, task", NUMBER_QUESTIONS, ids=IDS)
def test_every_form_shown_is_read_back_as_the_example(lesson, task):
    """A form the feedback suggests that the grader then refused would be worse than none."""
    sentence = accepted_forms(task.answer)
    listed = sentence.split("for example: ", 1)[1].split(" (", 1)[0]
    forms = [f for part in listed.split(", ") for f in part.split(" or ")]
    value = example(task.answer)
    assert len(forms) >= 3
    for form in forms:
        assert parse_number(form, task.answer) == pytest.approx(value, rel=1e-9), form


@pytest.mark.parametrize("lesson, task", NUMBER_QUESTIONS, ids=IDS)
def test_the_example_is_of_the_answers_size_but_neither_the_answer_nor_a_known_wrong_one(lesson, task):
    spec, value = task.answer, example(task.answer)
    assert math.floor(math.log10(value)) == math.floor(math.log10(float(spec.expected)))
    for avoided in (spec.expected, *(h.value for h in spec.hints)):
        assert not math.isclose(value, float(avoided), rel_tol=0.05)
    assert f"{float(spec.expected):g}" not in accepted_forms(spec).replace(f"{value:g}", "")


def test_each_question_shows_its_own_unit_and_prefixes():
    prefill = COURSE.lesson("prefill")
    flops, seconds, pairs = (accepted_forms(prefill.task(t).answer) for t in ("hand_flops", "hand_seconds",
                                                                               "hand_pairs"))
    assert "TFLOPs" in flops and "trillion" in flops and "× 10^13" in flops and " s" not in flops
    assert "250 ms" in seconds and "units: s, ms, µs or ns" in seconds and "FLOPs" not in seconds
    assert "25 pairs" in pairs and "twenty-five" in pairs and "unit: pairs" in pairs and "ms" not in pairs
    latency = COURSE.lesson("latency")
    assert "tokens/s" in accepted_forms(latency.task("hand_decode_rate").answer)
    assert "350 ms" in accepted_forms(latency.task("hand_elapsed").answer)  # 0.40 s; 0.25 is a known wrong answer


def test_a_question_without_unit_says_so():
    assert "(a plain number, no unit)" in accepted_forms(spec(units=()))


@pytest.mark.parametrize("expected, hints, integer", [(10, (), True), (4, (3, 6), True), (0.28, (0.25,), False),
                                                      (0, (), False), (7e-5, (), False), (2.5e13, (), False)])
def test_the_example_avoids_the_answer_and_the_hints_at_any_size(expected, hints, integer):
    value = example(spec(expected=expected, hints=tuple(Hint(h, "no") for h in hints)))
    assert all(not math.isclose(value, float(a), rel_tol=0.05) for a in (expected, *hints))
    assert (value == int(value)) or not integer


def test_choices_list_short_texts_and_only_letters_for_long_ones():
    assert choice_forms({"A": "Yes", "B": "No"}) == "a letter or its text (A or Yes, B or No)"
    assert choice_forms({"A": "x" * 40, "B": "y"}) == "one letter (A or B), or the text of one choice"


def test_a_question_in_mb_suggests_its_listed_prefixes_and_an_example_with_a_decimal_one():
    question = spec(expected=5240.0, alternatives=(5242.88,), units=("MB",), prefixes=("k", "M", "G", "Mi"))
    sentence = accepted_forms(question)
    assert "2.5 GB" in sentence and "units: MB, kB, GB or MiB" in sentence and "MiB," not in sentence
    for form in ("2.5 GB", "2500 MB", "2500"):
        assert parse_number(form, question) == pytest.approx(2500)


def test_the_example_avoids_every_accepted_value():
    assert not math.isclose(example(spec(expected=1.4e13, alternatives=(2.5e13,))), 2.5e13, rel_tol=0.05)
