"""Grades the labelled corpus of typed answers (tests/grading/answers_corpus.py) against the real lessons."""

from __future__ import annotations

import sys
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
from answers_corpus import CORPUS, FILES, Typed

COURSE = Course(ROOT)


def task_of(entry: Typed):
    return next(t for t in COURSE.lesson(entry.lesson).tasks if t.answer and t.answer.key == entry.key)


def read(entry: Typed):
    spec = task_of(entry).answer
    return parse_number(entry.text, spec) if spec.kind == "number" else parse_choice(entry.text, spec.choices)


@pytest.mark.parametrize("entry", CORPUS, ids=[f"{e.lesson}:{e.key}:{e.text!r}"[:80] for e in CORPUS])
def test_each_typed_answer_gets_its_labelled_verdict(entry):
    check = grade_answer(task_of(entry), {entry.key: entry.text}, None, "answers.toml")
    assert check.passed is (entry.verdict == "right"), (entry.why, check.message)
    if entry.verdict == "refused":
        with pytest.raises(AnswerFormatError):
            read(entry)
        assert entry.value in check.message, (entry.why, check.message)
        if task_of(entry).answer.kind == "number" and "compare" not in check.message:
            assert "For this question, for example:" in check.message  # the question's own forms, always
        return
    got = read(entry)
    assert got == (pytest.approx(entry.value, rel=1e-9) if isinstance(entry.value, float) else entry.value), entry.why
    if entry.verdict == "wrong":
        assert "not right" in check.message or "you answered" in check.message


def test_the_corpus_is_large_and_covers_every_question_and_verdict():
    assert len(CORPUS) >= 80
    questions = {(lesson, t.answer.key) for lesson in ("prefill", "latency") for t in COURSE.lesson(lesson).tasks
                 if t.answer}
    assert {(e.lesson, e.key) for e in CORPUS} == questions
    verdicts = Counter(e.verdict for e in CORPUS)
    assert verdicts["right"] >= 40 and verdicts["wrong"] >= 15 and verdicts["refused"] >= 20
    assert sum("trap" in e.why for e in CORPUS) >= 30  # what lenient reading must not turn into a right answer
    assert len({(e.lesson, e.key, repr(e.text)) for e in CORPUS}) == len(CORPUS)


def test_the_issues_examples_are_all_read():
    """The forms the issue reports as refused: each is now read (and the quiz answer given its choice)."""
    issue = {("flops", "≈ 1.4e13"), ("seconds", "~0.28 s"), ("seconds", "280 ms"), ("flops", "14 trillion"),
             ("pairs", "ten"), ("seconds", "0,28"), ("seconds", "28/100"), ("quiz", "No, because of causal masking")}
    found = {(e.key, e.text): e.verdict for e in CORPUS if e.lesson == "prefill"}
    assert all(found[entry] == "right" for entry in issue)


@pytest.mark.parametrize("entry", FILES, ids=[e.why[:60] for e in FILES])
def test_each_answers_file_laid_out_under_headers_gets_its_labelled_verdicts(tmp_path, entry):
    """Read as the engine reads it (load_answers, then answers_in_tables), graded per question."""
    lesson = COURSE.lesson(entry.lesson)
    path = tmp_path / lesson.answers
    path.write_text(entry.text, encoding="utf-8")
    answers, problem = load_answers(path, lesson.answers)
    answers = answers_in_tables(answers, lesson, lesson.answers)
    checks = {t.answer.key: grade_answer(t, answers, problem, lesson.answers) for t in lesson.tasks if t.answer}
    assert {key for key, check in checks.items() if check.passed} == entry.right, {
        key: check.message for key, check in checks.items()}
    notes = answer_notes(answers, lesson)
    if entry.note:
        assert any(entry.note in note for note in notes), notes
    else:
        assert not any("under [" in note for note in notes), notes
    for key, text in entry.said:
        assert text in checks[key].message, checks[key].message
