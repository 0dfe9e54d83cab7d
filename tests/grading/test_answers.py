"""grader.grading.answers: reading answers and choices as students type them, and grading each on its own.

How one number is read is tests/grading/test_numbers.py; how an answers file is read (a
broken line, a repeated key) is tests/submission/test_answers_file.py; the labelled corpora
of typed answers are tests/grading/answers_corpus.py (graded by test_answers_corpus.py) and,
for lines typed without reading the grader, tests/grading/typed_corpus.py (test_typed_lines.py).
"""

from __future__ import annotations

import shutil
import tomllib

import pytest

from grader.exceptions import AnswerFormatError
from grader.grading.answers import answer_notes, grade_answer, parse_choice, parse_number
from grader.lesson.course import Course
from grader.lesson.manifest import AnswerSpec, Hint, Task
from grader.lesson.tolerance import Tolerance
from grader.result import Diagnosis
from grader.submission.answers_file import Answers, Conflict, Incomparable

from paths import ROOT

SECONDS = ("seconds", "s")
YES_NO = {"A": "Yes", "B": "No"}
BEYOND = "not a number the grader can compare"


# ---------------------------------------------------------------------------- parse_number

@pytest.mark.parametrize("value, expected", [(10, 10.0), (0, 0.0), (1.4e13, 1.4e13), (0.28, 0.28), (-3, -3.0)])
def test_parse_number_takes_toml_ints_and_floats(value, expected):
    result = parse_number(value)
    assert type(result) is float
    assert result == expected


def test_parse_number_takes_values_as_tomllib_gives_them():
    data = tomllib.loads("pairs = 10\nflops = 1.4e13\nseconds = \"0.28 s\"\n")
    assert parse_number(data["pairs"]) == 10.0
    assert parse_number(data["flops"]) == 1.4e13
    assert parse_number(data["seconds"], SECONDS) == pytest.approx(0.28)


def test_parse_number_takes_the_questions_prefixes_from_its_spec():
    spec = number_task(units=("pairs",), prefixes=("k",)).answer
    assert parse_number("0.01 kpairs", spec) == pytest.approx(10)
    with pytest.raises(AnswerFormatError, match="not a unit of this question"):
        parse_number("0.01 kpairs", ("pairs",))  # the spellings alone: a unit the grader does not know takes none
    assert parse_number("280 ms", ("s",)) == pytest.approx(0.28)  # seconds take every SI prefix


@pytest.mark.parametrize("value", [True, False, None, [1.4e13], {"x": 1}, float("nan"), float("inf")])
def test_parse_number_refuses_what_is_not_a_number(value):
    with pytest.raises(AnswerFormatError, match=r"not a (finite )?number"):
        parse_number(value)


@pytest.mark.parametrize("value", [10**400, 10**5000, Incomparable("a whole number with 5000 digits")],
                         ids=["int", "int-past-the-digit-limit", "stand-in"])
def test_parse_number_refuses_what_no_float_can_hold(value):
    with pytest.raises(AnswerFormatError) as info:
        parse_number(value)
    message = str(info.value)
    assert message.startswith(BEYOND) and "power of ten" in message and len(message) < 300


def test_parse_number_names_a_huge_int_by_its_size():
    with pytest.raises(AnswerFormatError, match="10\\*\\*400, a whole number with 401 digits"):
        parse_number(10**400)


@pytest.mark.parametrize("text", ["“0.28 s”", "‘0.28 s’", "„0.28 s“", "« 0,28 s »", "»0.28 s«", "″0.28 s″",
                                  "＂0.28 s＂", "「0.28 s」", "'0.28 s'", "`0.28 s`", "\"“0.28 s”\"", "“0.28” s"])
def test_parse_number_reads_a_number_inside_quotes_of_any_kind(text):
    assert parse_number(text, SECONDS) == pytest.approx(0.28)


# ---------------------------------------------------------------------------- parse_choice

@pytest.mark.parametrize("text", ["B", "b", "No", "no", "B) No", "b. no", "(B)", " B ", "B.", "b) no.", "B:",
                                  "No, because of causal masking", "no - attention is causal", "No.", "NO",
                                  "b, because each position only sees earlier ones", "B) No, it is causal",
                                  "B because of the mask", "(b) no", "b)", "No, not independently",
                                  "B. A position waits for the earlier ones", "B: there is no way round the mask"])
def test_parse_choice_takes_a_choice_and_what_explains_it(text):
    assert parse_choice(text, YES_NO) == "B"


@pytest.mark.parametrize("text", ["A", "yes", "A) Yes", "Yes, all at once", "a) yes", "A because they run together",
                                  "(a)"])
def test_parse_choice_other_choice(text):
    assert parse_choice(text, YES_NO) == "A"


@pytest.mark.parametrize("text", ["A or B", "a/b", "A, B", "yes or no", "Yes and no, it depends", "B or A",
                                  "A & B", "No / Yes"])
def test_parse_choice_refuses_two_choices_as_ambiguous(text):
    with pytest.raises(AnswerFormatError, match=r"names 2 choices \((A and B|B and A)\): pick one"):
        parse_choice(text, YES_NO)


@pytest.mark.parametrize("value", ["C", "Maybe", "", 1, None, True, ["B"], "Not B", "I think B", "Nope",
                                  "A lot of positions depend on each other", "bar", "x" * 10_000])
def test_parse_choice_refuses_what_is_no_choice_listing_the_choices(value):
    with pytest.raises(AnswerFormatError) as info:
        parse_choice(value, YES_NO)
    message = str(info.value)
    assert "A or Yes" in message and "B or No" in message and len(message) < 300


def test_parse_choice_refuses_a_letter_with_the_other_choices_text():
    with pytest.raises(AnswerFormatError) as info:
        parse_choice("B) Yes", YES_NO)
    message = str(info.value)
    assert "choice B" in message and "choice A" in message and "pick one" in message


def test_parse_choice_takes_a_long_choice_by_its_whole_text_or_letter():
    choices = {"A": "Nothing: 20 tokens/s is more than 12.5 tokens/s, so X is faster",
               "B": "Check that both numbers have the same definition, and look past the average at the tail"}
    assert parse_choice(choices["B"], choices) == "B"
    assert parse_choice("B) " + choices["B"], choices) == "B"
    assert parse_choice("a: " + choices["A"].lower() + ".", choices) == "A"


@pytest.mark.parametrize("text, expected", [("“B”", "B"), ("‘b’", "B"), ("«No»", "B"), ("＂B＂", "B"),
                                            ("Answer: “B”", "B"), ("“No”, because it is causal", "B"),
                                            ("“A”", "A"), ("B (No)", "B"), ("No (B)", "B"), ("B, i.e. No", "B"),
                                            ("(b) no", "B"), ("Yes (A)", "A")])
def test_parse_choice_reads_a_choice_in_quotes_or_said_twice(text, expected):
    assert parse_choice(text, YES_NO) == expected


@pytest.mark.parametrize("text", ["B (Yes)", "Yes (B)", "B, i.e. Yes", "No (a)", "“A” or “B”", "B = Yes"])
def test_parse_choice_refuses_a_choice_said_twice_differently(text):
    with pytest.raises(AnswerFormatError, match=r"pick one"):
        parse_choice(text, YES_NO)


# ---------------------------------------------------------------------------- grade_answer

def number_task(**overrides) -> Task:
    spec = {"key": "flops", "kind": "number", "expected": 1.4e13, "question": "Prefill FLOPs for 7e9 x 1000?",
            "wrong": "Multiply 2, N and P.", "tolerance": Tolerance("rtol", 0.01), "units": ("flops",),
            "hints": (Hint(value=7e12, message="that is N · P, prefill is 2 · N · P."),)}
    spec.update(overrides)
    return Task(id="hand_flops", title="FLOPs by hand", points=1.0, answer=AnswerSpec(**spec))


@pytest.mark.parametrize("given", ["500 MiB (524 MB)", "524 MB (500 MiB)", "0.524 GB, i.e. 500 MiB"])
def test_a_quantity_restated_in_another_accepted_form_is_one_answer_at_the_questions_tolerance(given):
    task = number_task(key="weights", expected=524.0, units=("MB",), hints=(), question="Weights in MB?",
                       alternatives=(524.288,))
    assert grade(task, {"weights": given}).passed


def test_a_restatement_beyond_the_questions_tolerance_is_still_refused_naming_both():
    result = grade(number_task(), {"flops": "1.4e13 (1.6e13)"})
    assert not result.passed and "differ" in result.message


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


@pytest.mark.parametrize("key", ["FLOPS", "Flops", "flops "])
def test_grade_answer_reads_a_key_in_other_capitals_or_spacing(key):
    assert grade(number_task(), {key: "1.4e13", "seconds": "0.28"}).passed


def test_grade_answer_takes_no_key_when_two_are_spelled_alike():
    result = grade(number_task(), {"FLOPS": "1.4e13", "Flops": "7e12"})
    assert not result.passed and "has no 'flops' entry" in result.message


def test_the_key_and_another_spelled_alike_are_one_answer_given_twice():
    # issue 25's fifth battery (2i): flops was read and FLOPS beside it, saying another number, went unseen
    result = grade(number_task(), {"FLOPS": "1.4e12", "flops": "1.4e13"})
    assert not result.passed and "answered 2 times, differently" in result.message and "(FLOPS)" in result.message
    assert grade(number_task(), {"FLOPS": "1.4e13", "flops": "1.4e13"}).passed  # the same answer twice
    assert grade(number_task(), {"FLOPS": "", "flops": "1.4e13"}).passed  # the template's empty line beside it


def test_grade_answer_names_a_misspelled_key_it_does_not_guess():
    result = grade(number_task(), {"flosp": "1.4e13"})
    assert not result.passed
    assert result.message.startswith("answers.toml has no 'flops' entry, but it has 'flosp': did you mean flops?")


def test_grade_answer_unreadable_gives_the_reason_and_the_questions_own_forms():
    result = grade(number_task(), {"flops": "2 × 7e9 × 1000"})
    assert not result.passed
    assert result.message.startswith("flops: '2 × 7e9 × 1000' looks like a calculation")
    assert "For this question, for example: 2.5e13, 2.5e13 flops, 2.5 × 10^13 or 25 trillion (unit: flops)." \
        in result.message


def test_grade_answer_reads_answers_as_typed():
    assert grade(number_task(), {"flops": "≈ 14 trillion flops"}).passed
    assert grade(choice_task(), {"quiz": "No, because of causal masking"}).passed
    wrong = grade(number_task(), {"flops": "about 14"})
    assert not wrong.passed and "which is not right" in wrong.message


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
def test_grade_answer_respects_rtol(given, passes):
    assert grade(number_task(tolerance=Tolerance("rtol", 0.01)), {"flops": given}).passed is passes


def test_grade_answer_tight_rtol():
    assert not grade(number_task(tolerance=Tolerance("rtol", 1e-9)), {"flops": "1.39e13"}).passed
    assert grade(number_task(tolerance=Tolerance("rtol", 0.1)), {"flops": "1.3e13"}).passed


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
    assert not result.passed and result.message and len(result.message) < 600  # the accepted forms included
    assert "x" * 100 not in result.message and "1" * 100 not in result.message and "9" * 100 not in result.message


def test_an_answer_out_of_range_is_no_misconception_of_notation():
    result = grade(diagnosed_task(), {"flops": "1.4 × 10^400"})
    assert result.message.startswith(f"flops: {BEYOND}: '1.4 × 10^400'") and result.diagnosis is None


# ---------------------------------------------------------------------------- diagnoses

HALF = Diagnosis("hand-flops.missing-factor-2", "that is N · P, prefill is 2 · N · P.", reveals=True)
UNREADABLE = Diagnosis("answers.unreadable", "Write one number as on paper.")


def diagnosed_task(**overrides) -> Task:
    return number_task(hints=(Hint(value=7e12, message=HALF.hint, diagnosis=HALF),), unreadable=UNREADABLE,
                       **overrides)


def test_a_recognised_wrong_answer_carries_its_diagnosis():
    result = grade(diagnosed_task(), {"flops": "7e12"})
    assert result.diagnosis == HALF and HALF.hint in result.message


def test_an_unreadable_answer_carries_the_unreadable_diagnosis_with_the_questions_forms():
    result = grade(diagnosed_task(), {"flops": "280 ms"})
    assert result.diagnosis.code == UNREADABLE.code and not result.diagnosis.reveals
    assert result.diagnosis.hint.startswith(UNREADABLE.hint + " For this question, for example: 2.5e13")
    assert result.diagnosis.hint in result.message  # every format that shows the hint shows the forms
    assert "'280 ms' ends in 'ms', which is not a unit of this question" in result.message
    assert "(unit: flops)" in result.message


@pytest.mark.parametrize("answers", [{"flops": ""}, {"flops": "2.8e13"}, {"flops": "1.4e13"}, {},
                                     {"flops": "1.4 × 10^400"}, {"flops": "“1.4e13”"}])
def test_no_diagnosis_for_what_no_misconception_explains(answers):
    assert grade(diagnosed_task(), answers).diagnosis is None


def test_a_secret_answer_task_keeps_its_answer_giving_hint_from_students():
    result = grade(diagnosed_task(), {"flops": "7e12"})
    result.visibility = "hidden"
    student = result.for_audience("student")
    assert student.diagnosis is None and HALF.hint not in student.message
    unreadable = grade(diagnosed_task(), {"flops": "2 × 7e9 × 1000"}).for_audience("student")
    assert unreadable.diagnosis.code == UNREADABLE.code


# ---------------------------------------------------------------------------- each answer on its own

def test_quotes_never_turn_a_wrong_answer_right_and_feedback_quotes_the_answer_as_typed():
    result = grade(choice_task(), {"quiz": "“Yes”"})
    assert not result.passed and "together is not independent." in result.message and "'“Yes”'" in result.message
    result = grade(number_task(), {"flops": "“1.4e13 or 1.4e12”"})
    assert "'“1.4e13 or 1.4e12”' gives 2 different numbers ('1.4e13' and '1.4e12'): give one" in result.message


def test_a_conflict_of_answers_that_agree_is_graded_as_one():
    conflict = Conflict((("cell 4, line 2", "B"), ("cell 20, line 8", "No, because it is causal")))
    assert grade(choice_task(), {"quiz": conflict}).passed
    assert grade(number_task(), {"flops": Conflict((("line 1", "1.4e13"), ("line 9", 1.4e13)))}).passed


@pytest.mark.parametrize("task, given", [
    (choice_task, (("cell 4, line 2", "A"), ("cell 20, line 8", "B"))),
    (number_task, (("line 1", "1.4e13"), ("line 9", "1.39e13"))),  # both within tolerance, but not the same answer
    (number_task, (("line 1", "1.4e13"), ("line 9", "ten or eleven"))),
])
def test_a_conflict_of_answers_that_differ_is_reported_never_resolved(task, given):
    result = grade(task(), {task().answer.key: Conflict(given)})
    assert not result.passed
    assert f"{task().answer.key}: answered {len(given)} times, differently" in result.message
    for where, value in given:
        assert where in result.message and repr(value) in result.message
    assert "does not guess" in result.message


def test_a_conflict_of_many_answers_names_the_first_few_and_counts_all():
    conflict = Conflict((("line 1", "A"), ("line 2", "B"), ("line 3", "A"), ("line 4", "B")), times=10_000)
    result = grade(choice_task(), {"quiz": conflict})
    assert "quiz: answered 10000 times, differently: 'A' (line 1); 'B' (line 2); 'A' (line 3); 'B' (line 4), …" \
        in result.message


def test_answer_notes_are_the_files_notes_once_each():
    lesson = Course(ROOT).lesson("prefill")
    answers = Answers(flops="1.4e13", extra="x")
    answers.notes.append("answers.toml line 9: 'hello' is not valid TOML")
    assert answer_notes(answers, lesson) == ["answers.toml line 9: 'hello' is not valid TOML"]
    assert answer_notes({"flops": "1"}, lesson) == [] and answer_notes(None, lesson) == []


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


# ---------------------------------------------------------------------------- a student's own expected value

def test_grade_answer_against_a_students_own_expected_value():
    task = number_task(hints=(Hint(value=1.3e13, message="that is N · P."),
                              Hint(value=1.4e13, message="1.4e13 is the lesson's worked example", example=True)))
    assert grade_answer(task, {"flops": "2.6e13"}, None, "answers.toml", expected=2.6e13).passed
    lesson_own = grade_answer(task, {"flops": "1.4e13"}, None, "answers.toml", expected=2.6e13)
    assert not lesson_own.passed and lesson_own.lesson_example
    assert lesson_own.expected == "2.6e13 flops"
    assert lesson_own.message.endswith("(the right answer for your numbers: 2.6e13 flops)")
    assert "2.6e13" not in lesson_own.safe_message  # a secret task's students never read it
    hinted = grade_answer(task, {"flops": "1.3e13"}, None, "answers.toml", expected=2.6e13)
    assert hinted.message.startswith("you answered '1.3e13': that is N · P.") and not hinted.lesson_example
    unanswered = grade_answer(task, {"flops": ""}, None, "answers.toml", expected=2.6e13)
    assert unanswered.unanswered and "right answer" not in unanswered.message


def test_grade_answer_without_an_expected_value_is_as_it_was():
    result = grade(number_task(), {"flops": "3e13"})
    assert not result.passed and result.expected == "" and "right answer" not in result.message
    assert "expected" not in result.to_dict()
