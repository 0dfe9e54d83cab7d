"""grader.submission.claims: the id a submission names itself is read as data, and never trusted."""

from __future__ import annotations

import pytest

from grader.submission.claims import claimed, disagreeing, variant_claims


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


@pytest.mark.parametrize("answers, metadata, cells, said", [
    ({"grading": {"student": "bob"}, "flops": "1"}, None, (), "bob"),  # under a table of the answers file
    ({"a": {"b": {"student_id": 42}}}, None, (), "42"),
    ({}, {"grader": {"student": "bob"}}, (), "bob"),  # nested in a notebook's metadata
    ({}, {"kernelspec": {"name": "python3"}}, ({"tags": []}, {"student_id": "bob"}), "bob"),  # a cell's metadata
    ({"student": "alice", "t": {"student": "bob"}}, None, (), "alice"),  # the top level first
])
def test_a_claimed_id_is_found_at_any_depth_and_in_cells(answers, metadata, cells, said):
    assert claimed(answers, metadata, cells) == said


def test_a_deeply_nested_file_costs_a_bounded_look():
    deep: dict = {}
    node = deep
    for _ in range(100_000):
        node["x"] = node = {}
    node["student"] = "bob"
    assert claimed(deep) == ""  # beyond the bound: nothing read, nothing raised


NAMES = ("N", "P", "peak", "utilization", "T")


@pytest.mark.parametrize("answers, metadata, cells, expected", [
    ({"variant": 0, "flops": "1"}, None, (), "variant = 0"),
    ({"salt": ""}, None, (), "salt = ''"),
    ({"salt": "2024-fall"}, None, (), "salt = '2024-fall'"),
    ({"seed": 7}, None, (), "seed = 7"),
    ({"N": 7e9, "P": 1000}, None, (), "N = 7000000000.0; P = 1000"),
    ({"grading": {"T": 4}}, None, (), "T = 4"),
    ({}, {"grader": {"variant": 3}}, (), "variant = 3"),
    ({}, None, ({"peak": 1e14},), "peak = 100000000000000.0"),
    ({"flops": "1.4e13", "student": "bob"}, {"kernelspec": {"name": "python3"}}, (), ""),
])
def test_a_submission_saying_which_numbers_it_was_given_is_told(answers, metadata, cells, expected):
    assert variant_claims(answers, NAMES, metadata, cells) == expected


def test_a_gradescope_metadata_file_inside_the_submission_is_told(tmp_path):
    assert variant_claims({}, NAMES, folder=tmp_path) == ""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "submission_metadata.json").write_text('{"users": [{"email": "bob@example.org"}]}')
    assert variant_claims({}, NAMES, folder=tmp_path) == "a submission_metadata.json among its own files"
