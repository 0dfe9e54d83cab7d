"""grader.batch.roster: one entry per student, zips opened, refusals carried as reasons, never raised."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from grader.batch.roster import prepare, scan, student_of
from grader.exceptions import UsageError


def class_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "class"
    (folder / "alice").mkdir(parents=True)
    (folder / "alice" / "prefill.py").write_text("x = 1\n")
    (folder / "bob.py").write_text("x = 1\n")
    (folder / "carol.ipynb").write_text("{}")
    with zipfile.ZipFile(folder / "dave.zip", "w") as zf:
        zf.writestr("prefill/prefill.py", "x = 1\n")
    (folder / ".DS_Store").write_text("junk")
    (folder / "__MACOSX").mkdir()
    return folder


def test_entries_are_named_after_students_and_junk_is_skipped(tmp_path):
    found = scan(class_folder(tmp_path))
    assert list(found) == ["alice", "bob", "carol", "dave"]
    assert student_of(Path("x/erin.tar")) == "erin.tar"


def test_two_entries_for_one_student_are_one_refused_entry(tmp_path):
    folder = class_folder(tmp_path)
    (folder / "bob.zip").write_bytes(b"")
    found = scan(folder)
    entry = prepare("bob", found["bob"], tmp_path / "scratch")
    assert entry.path is None
    assert entry.problem == "2 entries for this student (bob.py, bob.zip); keep one"


def test_a_zip_is_opened_into_scratch_and_hashed_as_its_content(tmp_path):
    folder = class_folder(tmp_path)
    zipped = prepare("dave", scan(folder)["dave"], tmp_path / "scratch")
    assert zipped.path == tmp_path / "scratch" / "unzipped" / "dave" / "prefill"
    plain = prepare("alice", scan(folder)["alice"], tmp_path / "scratch")
    assert plain.path == folder / "alice"
    assert zipped.content_hash == plain.content_hash  # the same files, however they were handed in
    assert prepare("bob", [folder / "bob.py"], tmp_path / "scratch").content_hash != plain.content_hash


def test_refusals_carry_a_reason_and_a_stable_hash(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "erin.zip").write_bytes(b"not a zip at all")
    (folder / "frank.txt").write_text("my answers")
    for student, sources in scan(folder).items():
        first = prepare(student, sources, tmp_path / "s1")
        again = prepare(student, sources, tmp_path / "s2")
        assert first.path is None and first.problem
        assert first.content_hash and first.content_hash == again.content_hash
    assert "not a readable zip" in prepare("erin", [folder / "erin.zip"], tmp_path / "s3").problem
    assert "expected a folder, a .py, an .ipynb or a .zip" in prepare("frank.txt", [folder / "frank.txt"],
                                                                     tmp_path / "s4").problem


def test_a_zip_bomb_is_a_refused_entry(tmp_path, monkeypatch):
    from grader.batch import roster

    folder = tmp_path / "class"
    folder.mkdir()
    with zipfile.ZipFile(folder / "gina.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("prefill.py", b"#" * (2 << 20))
    real_extract = roster.unzip.extract
    monkeypatch.setattr(roster.unzip, "extract", lambda a, d: real_extract(a, d, max_bytes=1 << 20))
    entry = prepare("gina", [folder / "gina.zip"], tmp_path / "scratch")
    assert entry.path is None and "zip bomb" in entry.problem


def test_a_missing_folder_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="not a folder of submissions"):
        scan(tmp_path / "nowhere")
