"""grader.submission.limits: the one walk through a submission folder that the trusted side copies
or hashes (grader.sandbox.stage.check_size, grader.batch.snapshot), and what a parse of its code costs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grader.exceptions import SubmissionError
from grader.submission.limits import MAX_DEPTH, MAX_PARSE_TOKENS, NEVER_COPIED, parse_tokens, walk


def names(root, **options) -> list[str]:
    return [os.path.relpath(entry.path, root) for entry in walk(root, lambda e: e.name in NEVER_COPIED, **options)]


def test_each_folders_entries_in_name_order_then_its_subfolders(tmp_path):
    for folder in ("b", "a/y", "a/x"):
        (tmp_path / folder).mkdir(parents=True)
    for file in ("z.py", "a/y/2.txt", "a/x/1.txt", "a/m.txt"):
        (tmp_path / file).write_text("")
    assert names(tmp_path) == ["a", "b", "z.py", "a/m.txt", "a/x", "a/y", "a/x/1.txt", "a/y/2.txt"]
    assert sorted(names(tmp_path, ordered=False)) == sorted(names(tmp_path))


def test_a_left_out_folder_is_not_entered_and_a_link_is_listed_not_followed(tmp_path):
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.pyc").write_bytes(b"")
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "f.py").write_text("")
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert names(tmp_path) == ["link", "real", "real/f.py"]


# 1500 levels, past Python's recursion, are in tests/sandbox/test_stage.py (through check_size, with their clean-up)
@pytest.mark.parametrize("levels, refused", [(MAX_DEPTH, False), (MAX_DEPTH + 1, True)])
def test_a_folder_nested_deeper_than_allowed_is_refused(tmp_path, levels, refused):
    deepest = os.path.join(tmp_path, *(["d"] * levels))
    os.makedirs(deepest)
    if refused:
        with pytest.raises(SubmissionError, match=f"{tmp_path}: folders are nested more than {MAX_DEPTH} levels deep"):
            list(walk(tmp_path, lambda entry: False))
    else:
        assert len(list(walk(tmp_path, lambda entry: False))) == levels


@pytest.mark.parametrize("code, tokens", [
    ("x = 1\n", 3), ("x = 1\ny = 2\n", 7), ("a.b.c\n", 5), ("# a long comment of many words\n", 1),
    ("x = 1  # and a comment\n\n\n   \n", 4), ("s = 'one two three'\n", 7), ("", 0),
])
def test_a_parse_costs_a_token_per_word_mark_and_line_of_code_a_comment_one(code, tokens):
    assert parse_tokens(code) == tokens and parse_tokens(code.encode()) == tokens


def test_the_count_stops_past_its_limit_and_the_budget_holds_what_students_write():
    """Counted no further than the limit: 8 MB of code is not scanned to its end to learn that it is too much.
    The lesson's own solution costs a few hundred tokens, a MiB of comments hardly more than its lines."""
    assert parse_tokens("x = 1\n" * 1_000_000, limit=10) == 11
    solution = (Path(__file__).resolve().parents[2] / "solutions/prefill/prefill.py").read_text(encoding="utf-8")
    assert parse_tokens(solution) < MAX_PARSE_TOKENS // 20
    assert parse_tokens(("# " + "x" * 98 + "\n") * 11_000) == 11_000
    assert parse_tokens("x = 1\n" * 150_000) > MAX_PARSE_TOKENS  # issue 25's 900 KB cell
