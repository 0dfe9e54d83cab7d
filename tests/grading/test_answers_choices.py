"""grader.grading.answers.parse_choice: a choice is read for what the whole answer says (issue 25, class 2).

A choice that another choice follows, or that is negated or hedged, is refused as ambiguous,
naming both: "B is wrong; the answer is A" was graded B. The rule (docs/students.md): the
choice alone, or followed by a reason that names no other choice by its letter (a capital
letter standing alone) or its text (as the question writes it, capitalised or in capitals).
"""

from __future__ import annotations

import pytest

from grader.exceptions import AnswerFormatError
from grader.grading.answers import parse_choice

YES_NO = {"A": "Yes", "B": "No"}
FOUR = {"A": "the mask", "B": "the cache", "C": "both", "D": "neither"}


@pytest.mark.parametrize("text", ["B is wrong; the answer is A", "B was my first guess but it is A",
                                  "No is wrong: Yes", "B (or maybe A)", "A? or B", "A, since B would ignore the mask",
                                  "B, although A is tempting", "A? No, B", "B, not A", "Yes. No, wait: No",
                                  "The answer is B, A was a typo"])
def test_a_choice_beside_another_is_refused_naming_both(text):
    with pytest.raises(AnswerFormatError, match=r"names 2 choices \((A and B|B and A)\): pick one"):
        parse_choice(text, YES_NO)


@pytest.mark.parametrize(("text", "letter", "other"), [("not A", "A", "B"), ("Not B", "B", "A"), ("B?", "B", "A"),
                                                       ("maybe B", "B", "A"), ("A is wrong", "A", "B"),
                                                       ("No is incorrect", "B", "A"), ("B (maybe)", "B", "A")])
def test_a_negated_or_hedged_choice_is_refused_naming_it_and_the_other(text, letter, other):
    with pytest.raises(AnswerFormatError) as info:
        parse_choice(text, YES_NO)
    message = str(info.value)
    assert f"choice {letter}" in message and f"is {other} the one you mean" in message, message


@pytest.mark.parametrize(("text", "letter"), [("A", "A"), ("a", "A"), ("A.", "A"), ("(A) Yes", "A"), ("A — Yes", "A"),
                                              ("Answer: A", "A"), ("A because each position attends to earlier ones",
                                                                   "A"),
                                              ("B. A position waits for the earlier ones", "B"),
                                              ("No, a position cannot be processed without the earlier ones", "B"),
                                              ("Yes, there is no dependency left", "A"), ("B (No)", "B"),
                                              ("No (B)", "B"), ("I think B", None)])
def test_a_choice_with_a_reason_that_names_no_other_choice_is_read(text, letter):
    if letter is None:  # a lead-in the reader does not take stays refused, as before
        with pytest.raises(AnswerFormatError, match="not one of the choices"):
            parse_choice(text, YES_NO)
    else:
        assert parse_choice(text, YES_NO) == letter


def test_among_four_choices_each_one_named_is_said():
    with pytest.raises(AnswerFormatError, match=r"names 2 choices \(C and A\)"):
        parse_choice("C, since A alone would not do", FOUR)
    assert parse_choice("C: both matter here", FOUR) == "C"
