"""Whole answers files as students write them without reading the grader (issue 21), and ANSWERS cells alike.

A file typed in a word processor (every quote curly), one with no quotes at all, one with an
unterminated string: each answer is graded as the value the student clearly meant, and the
file gets one note naming its lines and how to write them (text between straight double
quotes), whose suggested lines are themselves accepted. Multi-line strings and arrays keep
working; reading stays linear on a hostile megabyte. A notebook's ANSWERS cells read the
same values the same way (grader.submission.cells).
"""

from __future__ import annotations

import re
import time

import pytest

from grader.grading.answers import answer_notes, answers_in_tables, grade_answer, load_answers
from grader.lesson.course import Course
from grader.submission.answers_file import MAX_ANSWERS_BYTES
from grader.submission.cells import CellSource, read_answers

from paths import ROOT

COURSE = Course(ROOT)
PREFILL = {"flops", "seconds", "pairs", "quiz"}
LATENCY = {"elapsed", "decode_rate", "output_rate", "quiz"}


def graded(tmp_path, text: str, lesson_name: str = "prefill"):
    """({key: check}, notes) of an answers.toml holding ``text``, read as the engine reads it."""
    lesson = COURSE.lesson(lesson_name)
    path = tmp_path / lesson.answers
    path.write_text(text, encoding="utf-8")
    answers, problem = load_answers(path, lesson.answers)
    answers = answers_in_tables(answers, lesson, lesson.answers)
    checks = {t.answer.key: grade_answer(t, answers, problem, lesson.answers) for t in lesson.tasks if t.answer}
    return checks, answer_notes(answers, lesson)


def passed(checks) -> set[str]:
    return {key for key, check in checks.items() if check.passed}


def typed_note(notes: list[str]) -> str:
    (note,) = [note for note in notes if "straight double quotes" in note]
    return note


WORD = "# My answers\nflops = “1.4e13”\nseconds = “0.28 s”\npairs = “10”\nquiz = “B”\n"


def test_a_file_from_a_word_processor_gets_every_point_and_one_note_naming_its_lines(tmp_path):
    checks, notes = graded(tmp_path, WORD)
    assert passed(checks) == PREFILL, {key: check.message for key, check in checks.items()}
    assert len(notes) == 1
    note = typed_note(notes)
    assert note.startswith("answers.toml lines 2, 3, 4 and 5 are not valid TOML"), note
    assert "curly" in note and 'flops = "1.4e13"' in note and 'quiz = "B"' in note


def test_the_lines_the_note_suggests_make_a_file_that_is_valid_toml_and_needs_no_note(tmp_path):
    _, notes = graded(tmp_path, WORD)
    fixes = re.search(r"as in: (.*)$", typed_note(notes)).group(1).split("; ")
    assert len(fixes) == 4
    checks, notes = graded(tmp_path, "\n".join(fixes) + "\n")
    assert passed(checks) == PREFILL and notes == []


def test_a_file_without_quotes_gets_every_point(tmp_path):
    checks, notes = graded(tmp_path, "flops = 1.4 × 10^13\nseconds = .28\npairs = 10 (ten)\nquiz = B\n")
    assert passed(checks) == PREFILL, {key: check.message for key, check in checks.items()}
    assert typed_note(notes).startswith("answers.toml lines 1, 2, 3 and 4 are not valid TOML")
    assert "curly" not in typed_note(notes)


def test_a_latency_file_from_a_word_processor_gets_every_point(tmp_path):
    text = "elapsed = “0.40 s”\ndecode_rate = „20 tokens/s“\noutput_rate = «12,5 tokens/s»\nquiz = ‘B’\n"
    checks, notes = graded(tmp_path, text, "latency")
    assert passed(checks) == LATENCY, {key: check.message for key, check in checks.items()}
    assert typed_note(notes).startswith("answers.toml lines 1, 2, 3 and 4 are not valid TOML")


def test_wrong_answers_typed_without_quotes_stay_wrong(tmp_path):
    checks, _ = graded(tmp_path, "flops = 7 × 10^12\nseconds = “0.14 s”\npairs = sixteen\nquiz = A\n")
    assert passed(checks) == set()
    assert all("you answered" in check.message for check in checks.values()), checks


def test_an_unterminated_string_does_not_swallow_the_answers_after_it(tmp_path):
    checks, _ = graded(tmp_path, 'flops = "1.4e13\nseconds = "0.28 s"\npairs = 10\nquiz = "B"\n')
    assert passed(checks) == PREFILL, {key: check.message for key, check in checks.items()}


def test_an_unterminated_multi_line_string_does_not_swallow_the_answers_after_it(tmp_path):
    text = 'notes = """my working\nflops = “1.4e13”\nseconds = "0.28 s"\npairs = 10\nquiz = B\n'
    checks, _ = graded(tmp_path, text)
    assert passed(checks) == PREFILL, {key: check.message for key, check in checks.items()}


def test_multi_line_strings_and_arrays_still_read_beside_lines_typed_without_quotes(tmp_path):
    text = ('quiz = """\nNo, because attention is causal\n"""\nworking = [\n  "2 * 7e9 * 1000",\n]\n'
            "flops = “1.4e13”\nseconds = 0.28 s\npairs = 10\n")
    checks, notes = graded(tmp_path, text)
    assert passed(checks) == PREFILL, {key: check.message for key, check in checks.items()}
    assert typed_note(notes).startswith("answers.toml lines 7 and 8 are not valid TOML")


def test_answers_typed_under_a_header_without_quotes_are_read_from_there(tmp_path):
    checks, notes = graded(tmp_path, "[answers]\nflops = “1.4e13”\nseconds = 280 ms\npairs = 10\nquiz = B\n")
    assert passed(checks) == PREFILL, {key: check.message for key, check in checks.items()}
    assert typed_note(notes).startswith("answers.toml lines 2, 3 and 5 are not valid TOML")
    assert any("under [answers]" in note for note in notes)


def test_a_stray_line_is_still_its_own_note_beside_the_typed_lines(tmp_path):
    checks, notes = graded(tmp_path, "I was not sure about these\nflops = “1.4e13”\nseconds = .28\npairs = 10\n"
                                     "quiz = B\n")
    assert passed(checks) == PREFILL
    assert len(notes) == 2 and any("left out" in note and "line 1" in note for note in notes)


def test_many_lines_typed_without_quotes_are_named_and_suggested_in_short(tmp_path):
    text = "".join(f"extra{n} = x{n}\n" for n in range(30)) + "flops = “1.4e13”\n"
    checks, notes = graded(tmp_path, text)
    assert "flops" in passed(checks)
    note = typed_note(notes)
    assert note.startswith("answers.toml has 31 lines that are not valid TOML (lines 1, 2,") and len(note) < 600


@pytest.mark.parametrize("text", [
    "quiz = “" + "x" * (MAX_ANSWERS_BYTES - 20) + "”\n",
    "".join(f"k{n} = “{'9' * 20_000}”\n" for n in range(45)),
    "seconds = " + "(" * (MAX_ANSWERS_BYTES - 20) + "\n",
    "flops = " + "1 (" * ((MAX_ANSWERS_BYTES - 20) // 3) + "\n",
    "quiz = " + " #" * ((MAX_ANSWERS_BYTES - 20) // 2) + "\n",
], ids=["one-long-quoted-line", "many-long-lines", "brackets", "nested-alternatives", "comments"])
def test_a_hostile_megabyte_typed_without_quotes_is_read_in_bounded_time_with_short_feedback(tmp_path, text):
    start = time.monotonic()
    checks, notes = graded(tmp_path, text)
    assert time.monotonic() - start < 10
    assert all(len(check.message) < 800 for check in checks.values()) and all(len(note) < 800 for note in notes)


# ---------------------------------------------------------------------------- a notebook's ANSWERS cells

CELL = ("# ANSWERS (Part 1)\nflops = “1.4e13”\nseconds = 0.28 s (280 ms)\npairs = 10 (ten)\nquiz = ‘B’\n")


def cell_checks(source: str, lesson_name: str = "prefill"):
    lesson = COURSE.lesson(lesson_name)
    answers, problem = read_answers([CellSource(4, source)])
    return {t.answer.key: grade_answer(t, answers, problem, "prefill.ipynb") for t in lesson.tasks if t.answer}


def test_an_answers_cell_typed_in_a_word_processor_reads_the_same_values():
    checks = cell_checks(CELL)
    assert passed(checks) == PREFILL, {key: check.message for key, check in checks.items()}


@pytest.mark.parametrize("line, right", [
    ('seconds = "0.28 s, i.e. 280 ms"', True), ("seconds = .28", True), ("flops = „1.4e13“", True),
    ('flops = "“1.4e13”"', True), ('quiz = "B (Yes)"', False), ('seconds = "0.28 s (2.8 s)"', False),
    ("quiz = B", True), ("pairs = «10»", True),
])
def test_an_answers_cell_line_gets_the_verdict_its_file_line_gets(line, right):
    key = line.split("=")[0].strip()
    assert cell_checks(f"# ANSWERS\n{line}\n")[key].passed is right
