"""Grades the labelled corpus of answers.toml lines as typed (tests/grading/typed_corpus.py) against the real lessons.

Each line is written into a file beside the lesson's other answers, written right, and read
as the engine reads it (``load_answers``, then ``answers_in_tables``): the line's answer gets
its labelled verdict, every other answer keeps its point, and a line TOML refuses is said in
exactly one note, whose suggested fix is itself valid TOML that grades the same.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections import Counter

import pytest

from grader.exceptions import AnswerFormatError
from grader.grading.answers import (
    answer_notes,
    answers_in_tables,
    grade_answer,
    load_answers,
    parse_choice,
    parse_number,
)
from grader.lesson.course import Course

from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "grading"))
from typed_corpus import LINES, Line

COURSE = Course(ROOT)
RIGHT = {"prefill": {"flops": 'flops = "1.4e13"', "seconds": 'seconds = "0.28 s"', "pairs": "pairs = 10",
                     "quiz": 'quiz = "B"'},
         "latency": {"elapsed": 'elapsed = "0.4 s"', "decode_rate": 'decode_rate = "20 tokens/s"',
                     "output_rate": 'output_rate = "12.5 tokens/s"', "quiz": 'quiz = "B"'}}


def is_toml(line: str) -> bool:
    try:
        tomllib.loads(line)
        return True
    except tomllib.TOMLDecodeError:
        return False


def graded(tmp_path, lesson_name: str, lines: list[str]):
    """(checks by key, notes, answers) of an answers.toml holding ``lines``."""
    lesson = COURSE.lesson(lesson_name)
    path = tmp_path / lesson.answers
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    answers, problem = load_answers(path, lesson.answers)
    answers = answers_in_tables(answers, lesson, lesson.answers)
    checks = {t.answer.key: grade_answer(t, answers, problem, lesson.answers) for t in lesson.tasks if t.answer}
    return checks, answer_notes(answers, lesson), answers


def read(lesson_name: str, key: str, value):
    spec = next(t.answer for t in COURSE.lesson(lesson_name).tasks if t.answer and t.answer.key == key)
    return parse_number(value, spec) if spec.kind == "number" else parse_choice(value, spec.choices)


def expect(entry: Line, check, value) -> None:
    """The entry's verdict on its check, and on the value read from the file."""
    assert check.passed is (entry.verdict == "right"), (entry.why, check.message)
    if entry.verdict == "refused":
        with pytest.raises(AnswerFormatError):
            read(entry.lesson, entry.key, value)
        assert entry.value in check.message, (entry.why, check.message)
        return
    got = read(entry.lesson, entry.key, value)
    assert got == (pytest.approx(entry.value, rel=1e-9) if isinstance(entry.value, float) else entry.value), entry.why
    if entry.verdict == "wrong":
        assert "you answered" in check.message, check.message


@pytest.mark.parametrize("entry", LINES, ids=[f"{e.lesson}:{e.line}"[:70] for e in LINES])
def test_each_typed_line_gets_its_labelled_verdict_and_costs_no_other_answer(tmp_path, entry):
    others = [line for key, line in RIGHT[entry.lesson].items() if key != entry.key]
    checks, notes, answers = graded(tmp_path, entry.lesson, [entry.line, *others])
    expect(entry, checks[entry.key], answers[entry.key])
    assert all(check.passed for key, check in checks.items() if key != entry.key), {
        key: check.message for key, check in checks.items()}
    said = [note for note in notes if "straight double quotes" in note]
    if is_toml(entry.line):
        assert said == [], notes
    else:
        (note,) = said
        assert note.startswith("answers.toml line 1 ") and "not valid TOML" in note, note


FIXED = re.compile(r"as in: (.*)$")


@pytest.mark.parametrize("entry", [e for e in LINES if not is_toml(e.line)],
                         ids=[f"{e.lesson}:{e.line}"[:70] for e in LINES if not is_toml(e.line)])
def test_the_fix_the_note_suggests_is_valid_toml_that_reads_the_same(tmp_path, entry):
    _, notes, _ = graded(tmp_path, entry.lesson, [entry.line])
    (note,) = [note for note in notes if "straight double quotes" in note]
    fix = FIXED.search(note).group(1)
    assert is_toml(fix), fix
    checks, notes, answers = graded(tmp_path, entry.lesson, [fix])
    expect(entry, checks[entry.key], answers[entry.key])
    assert not any("not valid TOML" in note for note in notes), notes


def test_the_corpus_covers_both_lessons_every_question_and_every_verdict():
    assert len(LINES) >= 80
    questions = {(lesson, t.answer.key) for lesson in ("prefill", "latency") for t in COURSE.lesson(lesson).tasks
                 if t.answer}
    assert {(e.lesson, e.key) for e in LINES} == questions
    verdicts = Counter(e.verdict for e in LINES)
    assert verdicts["right"] >= 50 and verdicts["wrong"] >= 8 and verdicts["refused"] >= 20
    assert sum("trap" in e.why for e in LINES) >= 30
    assert sum(not is_toml(e.line) for e in LINES) >= 40  # lines TOML refuses, read as typed
    assert len({(e.lesson, e.line) for e in LINES}) == len(LINES)
