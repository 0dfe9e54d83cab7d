"""grader.lesson.manifest: the real lesson loads, and every broken manifest names its file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.exceptions import ConfigError
from grader.lesson.manifest import MANIFEST_NAME, AnswerSpec, Hint, load_lesson
from grader.lesson.tolerance import Tolerance

from manifest_text import HEAD, answer_task, broken
from paths import ROOT

PREFILL = ROOT / "suites" / "prefill"

PREFILL_TASKS = ["prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential",
                 "hand_flops", "hand_seconds", "hand_pairs", "quiz"]


# ---------------------------------------------------------------------------- the real lesson

def test_real_lesson_tasks_in_order():
    lesson = load_lesson(PREFILL)
    assert [t.id for t in lesson.tasks] == PREFILL_TASKS


def test_real_lesson_header():
    lesson = load_lesson(PREFILL)
    assert lesson.id == "prefill"
    assert lesson.module == "prefill.py"
    assert lesson.module_name == "prefill"
    assert lesson.answers == "answers.toml"
    assert lesson.call_seconds == 5.0
    assert lesson.import_seconds == 10.0
    assert lesson.manifest_path == PREFILL / MANIFEST_NAME
    assert lesson.suite_dir == PREFILL


def test_real_lesson_code_and_answer_tasks():
    lesson = load_lesson(PREFILL)
    assert [t.id for t in lesson.code_tasks] == PREFILL_TASKS[:5]
    for task in lesson.code_tasks:
        assert task.function == task.id
        assert task.answer is None
    assert [t.points for t in lesson.tasks] == [2.0, 3.0, 2.0, 3.0, 3.0, 1.0, 1.0, 1.0, 1.0]


def test_real_lesson_answer_specs():
    lesson = load_lesson(PREFILL)
    flops = lesson.task("hand_flops").answer
    assert isinstance(flops, AnswerSpec)
    assert (flops.key, flops.kind, flops.expected) == ("flops", "number", 1.4e13)
    assert flops.tolerance == Tolerance("sigfigs", 2)  # right to two figures: a student rounds 0.104 s to 0.10
    assert flops.hints[0] == Hint(value=7e12, message=flops.hints[0].message, diagnosis=flops.hints[0].diagnosis)
    assert flops.hints[0].diagnosis.code == "hand-flops.missing-factor-2"
    assert flops.hints[0].message == lesson.diagnosis("hand-flops.missing-factor-2").hint  # the catalogue's words
    assert flops.unreadable.code == "answers.unreadable"
    seconds = lesson.task("hand_seconds").answer
    assert (seconds.units, seconds.prefixes) == (("s", "sec", "secs", "second", "seconds"), ("m", "µ", "n"))
    assert lesson.task("hand_flops").answer.prefixes == ("k", "M", "G", "T", "P")
    assert lesson.task("hand_pairs").answer.prefixes == ()  # there are no milli-pairs
    assert lesson.task("hand_pairs").answer.expected == 10
    quiz = lesson.task("quiz").answer
    assert (quiz.kind, quiz.expected, quiz.choices) == ("choice", "B", {"A": "Yes", "B": "No"})
    assert not lesson.task("quiz").is_code


def test_unknown_task_is_a_key_error():
    with pytest.raises(KeyError):
        load_lesson(PREFILL).task("decode_flops")


# ---------------------------------------------------------------------------- broken manifests

CODE_A = '[[tasks]]\nid = "a"\nfunction = "f"\npoints = 1\n'

def test_missing_manifest(tmp_path):
    with pytest.raises(ConfigError) as info:
        load_lesson(tmp_path)
    assert str(tmp_path / "lesson.toml") in str(info.value)
    assert "missing" in str(info.value)


def test_invalid_toml(tmp_path):
    error = broken(tmp_path, HEAD + "[[tasks]]\nid = \n")
    assert "not valid TOML" in str(error)
    assert "line 4" in str(error)


def test_not_utf8(tmp_path):
    (tmp_path / "lesson.toml").write_bytes(b'id = "\xff"\n')
    with pytest.raises(ConfigError) as info:
        load_lesson(tmp_path)
    assert str(tmp_path / "lesson.toml") in str(info.value)


@pytest.mark.parametrize("text", [HEAD, HEAD + "tasks = []\n"], ids=["absent", "empty"])
def test_no_tasks(tmp_path, text):
    error = broken(tmp_path, text)
    assert error.key == "tasks"
    assert "key 'tasks'" in str(error)


def test_tasks_not_a_list(tmp_path):
    error = broken(tmp_path, HEAD + '[tasks]\nid = "a"\n')
    assert "key 'tasks'" in str(error)
    assert "list" in str(error)


def test_task_without_function_or_answer(tmp_path):
    error = broken(tmp_path, HEAD + CODE_A + '[[tasks]]\nid = "b"\npoints = 1\n')
    assert "key 'tasks[1]'" in str(error)
    assert "function" in str(error) and "answer" in str(error)


def test_duplicate_task_ids(tmp_path):
    error = broken(tmp_path, HEAD + CODE_A + '[[tasks]]\nid = "b"\nfunction = "g"\npoints = 1\n' + CODE_A)
    assert "'a'" in str(error)
    assert "twice" in str(error)
    assert "tasks" in str(error)


def test_duplicate_task_ids_name_the_full_key(tmp_path):
    error = broken(tmp_path, HEAD + CODE_A + '[[tasks]]\nid = "b"\nfunction = "g"\npoints = 1\n' + CODE_A)
    assert "tasks[2].id" in str(error)


@pytest.mark.parametrize("points", ["-1", "0", "0.0", "nan", "inf", "-inf", "1e400"])
def test_points_must_be_positive_and_finite(tmp_path, points):
    error = broken(tmp_path, HEAD + CODE_A + f'[[tasks]]\nid = "b"\nfunction = "g"\npoints = {points}\n')
    assert error.key == "tasks[1].points"
    assert "key 'tasks[1].points'" in str(error)
    assert "positive" in str(error)


@pytest.mark.parametrize("points, type_name", [('"2"', "str"), ("true", "bool"), ("[2]", "list")])
def test_points_wrong_type(tmp_path, points, type_name):
    error = broken(tmp_path, HEAD + CODE_A + f'[[tasks]]\nid = "b"\nfunction = "g"\npoints = {points}\n')
    assert "key 'tasks[1].points'" in str(error)
    assert f"not {type_name}" in str(error)


def test_points_required(tmp_path):
    error = broken(tmp_path, HEAD + '[[tasks]]\nid = "a"\nfunction = "f"\n')
    assert "key 'tasks[0].points'" in str(error)
    assert "required" in str(error)


@pytest.mark.parametrize("key", ["id", "module"])
def test_header_keys_required(tmp_path, key):
    header = "".join(line + "\n" for line in HEAD.splitlines() if not line.startswith(key))
    error = broken(tmp_path, header + CODE_A)
    assert f"key '{key}'" in str(error)


def test_call_seconds_must_be_positive(tmp_path):
    error = broken(tmp_path, HEAD + "call_seconds = 0\n" + CODE_A)
    assert "key 'call_seconds'" in str(error)


def test_unknown_answer_kind(tmp_path):
    tasks = "".join(f'[[tasks]]\nid = "t{i}"\nfunction = "f{i}"\npoints = 1\n' for i in range(5))
    error = broken(tmp_path, HEAD + tasks + answer_task('kind = "essay"\nexpected = "x"\n'))
    assert error.key == "tasks[5].answer.kind"
    assert "key 'tasks[5].answer.kind'" in str(error)
    assert "'essay'" in str(error)


def test_choice_expected_not_in_choices(tmp_path):
    error = broken(tmp_path, HEAD + answer_task('kind = "choice"\nexpected = "C"\nchoices = { A = "Yes", B = "No" }\n'))
    assert "key 'tasks[0].answer.expected'" in str(error)
    assert "choices" in str(error)


def test_number_expected_must_be_a_number(tmp_path):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = "lots"\nrtol = 0.01\n'))
    assert "key 'tasks[0].answer.expected'" in str(error)
    assert "'lots' must be a number in digits" in str(error)
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = true\nrtol = 0.01\n'))
    assert "key 'tasks[0].answer.expected'" in str(error) and "not bool" in str(error)


def test_rel_tol_must_be_positive(tmp_path):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = 1\nrel_tol = -0.1\n'))
    assert "key 'tasks[0].answer.rel_tol'" in str(error)


def test_answer_key_required(tmp_path):
    text = HEAD + '[[tasks]]\nid = "q"\npoints = 1\n[tasks.answer]\nkind = "number"\nexpected = 1\nrtol = 0.01\n'
    error = broken(tmp_path, text)
    assert "key 'tasks[0].answer.key'" in str(error)


def test_hint_value_of_the_wrong_type(tmp_path):
    text = HEAD + CODE_A + answer_task('kind = "number"\nexpected = 1\nrtol = 0.01\n'
                                       'hints = [{ value = 2, message = "ok" }, { value = true, message = "m" }]\n')
    error = broken(tmp_path, text)
    assert error.key == "tasks[1].answer.hints[1].value"
    assert "key 'tasks[1].answer.hints[1].value'" in str(error)


def test_hint_message_of_the_wrong_type(tmp_path):
    hint = 'kind = "number"\nexpected = 1\nrtol = 0.01\nhints = [{ value = 2, message = 3 }]\n'
    error = broken(tmp_path, HEAD + answer_task(hint))
    assert "key 'tasks[0].answer.hints[0].message'" in str(error)


def test_hint_not_a_table(tmp_path):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = 1\nrtol = 0.01\nhints = [5]\n'))
    assert "key 'tasks[0].answer.hints[0]'" in str(error)
    assert "table" in str(error)


def test_units_must_be_strings(tmp_path):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = 1\nrtol = 0.01\nunits = [1]\n'))
    assert "tasks[0].answer.units" in str(error)


def test_prefixes_are_read_by_symbol_or_spelling(tmp_path):
    (tmp_path / "lesson.toml").write_text(HEAD + answer_task(
        'kind = "number"\nexpected = 1\nrtol = 0.01\nunits = ["s"]\nprefixes = ["m", "u", "n"]\n'), encoding="utf-8")
    assert load_lesson(tmp_path).task("q").answer.prefixes == ("m", "µ", "n")


@pytest.mark.parametrize("body, problem", [
    ('prefixes = ["m"]\n', "need a unit"),
    ('units = ["s"]\nprefixes = ["x"]\n', "SI or binary prefix symbols"),
    ('units = ["s"]\nprefixes = [3]\n', "SI or binary prefix symbols"),
    ('units = ["s"]\nprefixes = ["µ", "u"]\n', "names a prefix twice"),
    ('units = ["s"]\nprefixes = "m"\n', "must be a list"),
    ('units = [" "]\n', "non-empty strings"),
])
def test_bad_prefixes_name_the_key(tmp_path, body, problem):
    error = broken(tmp_path, HEAD + answer_task('kind = "number"\nexpected = 1\nrtol = 0.01\n' + body))
    assert error.key.startswith("tasks[0].answer.") and problem in error.problem


def test_valid_minimal_manifest_loads(tmp_path):
    (tmp_path / "lesson.toml").write_text(HEAD + CODE_A + answer_task(
        'kind = "number"\nexpected = 3\nrtol = 1e-9\nunits = ["pairs"]\nhints = [{ value = 4, message = "m" }]\n'))
    lesson = load_lesson(tmp_path)
    assert [t.id for t in lesson.tasks] == ["a", "q"]
    assert lesson.answers == "answers.toml"
    assert lesson.task("q").answer.units == ("pairs",)
    assert lesson.task("q").answer.hints == (Hint(value=4, message="m"),)
    assert lesson.task("a").call_seconds is None


# ---------------------------------------------------------------------------- [visibility]

VISIBILITY_BASE = '''id = "v"
module = "v.py"
[[tasks]]
id = "code"
function = "f"
points = 1
[[tasks]]
id = "answer"
points = 1
[tasks.answer]
key = "a"
kind = "number"
expected = 1
rtol = 0.01
'''


def visibility_lesson(tmp_path: Path, table: str):
    (tmp_path / MANIFEST_NAME).write_text(VISIBILITY_BASE + table, encoding="utf-8")
    return load_lesson(tmp_path)


def test_real_lesson_keeps_the_randomised_and_long_checks_secret():
    lesson = load_lesson(PREFILL)
    assert lesson.task("prefill_flops").visibility_of("lesson_example") == "visible"
    assert lesson.task("prefill_flops").visibility_of("other_sizes") == "hidden"
    assert lesson.task("prefill_seconds").visibility_of("rejects_bad_utilization[nan]") == "after_due_date"
    assert lesson.task("prefill_matches_sequential").visibility_of("agrees[small]") == "after_published"
    assert lesson.task("causal_mask").visibility_of("lower_triangle") == "visible"  # the lesson's own 5 × 5 grid
    assert lesson.task("causal_mask").visibility_of("diagonal_included") == "hidden"
    assert {t.visibility for t in lesson.tasks} == {"visible"}


def test_visibility_defaults_to_hidden(tmp_path):
    """A check an instructor forgot to classify must not show its inputs to students."""
    lesson = visibility_lesson(tmp_path, "")
    assert lesson.task("code").visibility_of("anything[1]") == "hidden"


@pytest.mark.parametrize("table", ["", '[visibility]\ndefault = "hidden"\n',
                                   '[visibility]\ndefault = "after_due_date"\n'])
def test_an_answer_task_shows_its_hints_unless_named_hidden(tmp_path, table):
    """The default is for the checks of code tasks; an answer's hints are the lesson's teaching (issue 16)."""
    assert visibility_lesson(tmp_path, table).task("answer").visibility == "visible"


def test_an_answer_task_named_in_the_overrides_keeps_its_visibility(tmp_path):
    lesson = visibility_lesson(tmp_path, '[visibility]\ndefault = "visible"\n'
                                         '[visibility.overrides]\n"answer" = "hidden"\n')
    assert lesson.task("answer").visibility == "hidden" and lesson.task("code").visibility_of("c") == "visible"


def test_default_task_and_check_overrides_most_specific_wins(tmp_path):
    lesson = visibility_lesson(tmp_path, '''
[visibility]
default = "after_due_date"
[visibility.overrides]
"answer" = "after_published"
"code::c" = "hidden"
"code::c[2]" = "visible"
''')
    code = lesson.task("code")
    assert code.visibility_of("other") == "after_due_date"
    assert code.visibility_of("c") == code.visibility_of("c[1]") == "hidden"
    assert code.visibility_of("c[2]") == "visible"
    assert lesson.task("answer").visibility == "after_published"


@pytest.mark.parametrize("table, key, problem", [
    ('[visibility]\ndefault = "secret"\n', "visibility.default", "must be one of visible, hidden"),
    ('[visibility]\ndefault = 1\n', "visibility.default", "must be a str"),
    ('[visibility]\nhidden = ["code"]\n', "visibility.hidden", "is not a setting"),
    ('[visibility.overrides]\n"code::c" = "private"\n', 'visibility.overrides."code::c"', "must be one of"),
    ('[visibility.overrides]\n"nope" = "hidden"\n', 'visibility.overrides."nope"', "names no task"),
    ('[visibility.overrides]\n"answer::x" = "hidden"\n', 'visibility.overrides."answer::x"', "answer task has one"),
    ('[visibility]\noverrides = "hidden"\n', "visibility.overrides", "must be a dict"),
])
def test_bad_visibility_names_file_and_key(tmp_path, table, key, problem):
    with pytest.raises(ConfigError) as info:
        visibility_lesson(tmp_path, table)
    message = str(info.value)
    assert message.startswith(f"{tmp_path / MANIFEST_NAME}, key '{key}'"), message
    assert problem in message


# ---------------------------------------------------------------------------- diagnoses of answer hints

CATALOGUE = ('[[diagnoses]]\ncode = "q.half"\ntask = "q"\nwhen = "answers 1"\nhint = "that is half."\n'
             '[[diagnoses]]\ncode = "q.unreadable"\ntask = "q"\nwhen = "words"\nhint = "write a number."\n'
             '[[diagnoses]]\ncode = "a.other"\ntask = "a"\nwhen = "w"\nhint = "h"\n')


def diagnosed_lesson(tmp_path: Path, body: str):
    (tmp_path / "diagnoses.toml").write_text(CATALOGUE, encoding="utf-8")
    answer = answer_task('kind = "number"\nexpected = 2\nrtol = 0.01\n' + body)
    (tmp_path / "lesson.toml").write_text(HEAD + CODE_A + answer, encoding="utf-8")
    return load_lesson(tmp_path)


def test_a_hint_naming_a_diagnosis_takes_the_catalogues_words(tmp_path):
    lesson = diagnosed_lesson(tmp_path, 'unreadable = "q.unreadable"\nhints = [{ value = 1, diagnosis = "q.half" }]\n')
    spec = lesson.task("q").answer
    assert spec.hints[0].message == "that is half."
    assert (spec.hints[0].diagnosis.code, spec.hints[0].diagnosis.reveals) == ("q.half", True)  # it may say the answer
    assert (spec.unreadable.code, spec.unreadable.reveals) == ("q.unreadable", False)
    assert [e.code for e in lesson.diagnoses] == ["q.half", "q.unreadable", "a.other"]
    assert lesson.diagnosis("a.other").tasks == ("a",) and lesson.diagnosis("nope") is None


@pytest.mark.parametrize("body, key, words", [
    ('hints = [{ value = 1, diagnosis = "q.third" }]\n', "tasks[1].answer.hints[0].diagnosis", "names no diagnosis"),
    ('hints = [{ value = 1, diagnosis = "a.other" }]\n', "tasks[1].answer.hints[0].diagnosis", "not for 'q'"),
    ('unreadable = "q.nope"\n', "tasks[1].answer.unreadable", "names no diagnosis"),
    ("hints = [{ value = 1 }]\n", "tasks[1].answer.hints[0].message", "is required"),
])
def test_a_hint_naming_a_wrong_diagnosis_names_the_key(tmp_path, body, key, words):
    with pytest.raises(ConfigError) as info:
        diagnosed_lesson(tmp_path, body)
    assert info.value.key == key and words in info.value.problem


def test_a_hint_is_the_lessons_own_unless_a_variant_says_otherwise():
    lesson = load_lesson(PREFILL)
    assert not any(h.example for t in lesson.tasks if t.answer for h in t.answer.hints)
    assert lesson.parameters is not None and lesson.variant is None  # the lesson as loaded: its own numbers
