"""grader.submission.claims: the id a submission names itself is read as data, and never trusted."""

from __future__ import annotations

import pytest

from grader.submission.claims import claimed, disagreeing


@pytest.mark.parametrize("answers, metadata, said", [
    ({"student": "alice", "hand_flops": "1"}, None, "alice"),
    ({"student_id": 12345}, None, "12345"),  # a number typed without quotes is an id all the same
    ({"student": "  bob  "}, {"student": "carol"}, "bob"),  # the answers file first
    ({}, {"student": "carol"}, "carol"),  # a notebook's metadata
    ({"student": True}, None, ""), ({"student": ["a"]}, None, ""), ({"student": ""}, None, ""),
    (None, None, ""), ({"student": "x" * 500}, None, "x" * 200),  # bounded: the student's text
])
def test_the_claimed_id_is_a_string_or_number_at_the_top(answers, metadata, said):
    assert claimed(answers, metadata) == said


@pytest.mark.parametrize("claim, trusted, kept", [
    ("alice", "alice", ""), ("ALICE ", "alice", ""), ("Jose\u0301", "josé", ""),  # one student, however typed
    ("alice", "bob", "alice"),  # a copied file still naming its first owner
    ("alice", None, ""), ("alice", "", ""),  # no trusted id: nothing to disagree with
    ("", "bob", ""),
])
def test_only_a_claim_that_names_someone_else_is_kept(claim, trusted, kept):
    assert disagreeing(claim, trusted) == kept


def test_a_claim_the_normaliser_refuses_is_kept_as_disagreeing():
    def strict(text: str) -> str:
        if "\n" in text:
            raise ValueError("a control character")
        return text

    assert disagreeing("al\nice", "alice", strict) == "al\nice"
