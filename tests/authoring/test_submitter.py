"""grader.authoring.submitter: the id Gradescope's run_autograder grades with, from its metadata file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.authoring.submitter import NoSubmitter, main, metadata_student


def metadata(tmp_path, users) -> str:
    path = tmp_path / "submission_metadata.json"
    path.write_text(json.dumps({"id": 1, "assignment": {"title": "Prefill"}, "users": users}))
    return str(path)


def test_the_submitters_email_normalised(tmp_path, capsys):
    path = metadata(tmp_path, [{"email": " Alice@Example.EDU", "id": 1234, "name": "Alice", "sid": "99"}])
    assert main([path]) == 0 and capsys.readouterr().out == "alice@example.edu\n"


def test_a_group_is_graded_with_its_first_members_numbers(tmp_path):
    users = [{"email": "zoe@example.edu", "id": 2}, {"email": "amy@example.edu", "id": 3}]
    assert metadata_student(Path(metadata(tmp_path, users))) == "amy@example.edu"


def test_no_file_is_no_id_and_the_lessons_own_numbers(tmp_path, capsys):
    assert main([str(tmp_path / "submission_metadata.json")]) == 0 and capsys.readouterr().out == ""


@pytest.mark.parametrize("text", ["not json", json.dumps({"users": []}), json.dumps({"users": [{"name": "A"}]}),
                                  json.dumps({"users": [{"email": "a\nb@example.edu"}]}), json.dumps([1])])
def test_a_file_that_names_no_one_is_one_line_and_status_2(tmp_path, capsys, text):
    path = tmp_path / "submission_metadata.json"
    path.write_text(text)
    with pytest.raises(NoSubmitter):
        metadata_student(path)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("submitter: ") and str(path) in err and err.count("\n") == 1
