"""grader.batch.entries: one entry per student, zips opened, refusals carried as reasons, never raised."""

from __future__ import annotations

import os
import re
import time
import zipfile
from pathlib import Path

import pytest

from grader.batch.entries import prepare, scan, student_of
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
    assert student_of(Path("x/erin.tar")) == "erin"


def test_two_entries_for_one_student_are_one_refused_entry(tmp_path):
    folder = class_folder(tmp_path)
    (folder / "bob.zip").write_bytes(b"")
    found = scan(folder)
    entry = prepare("bob", found["bob"], tmp_path / "scratch")
    assert entry.path is None
    assert entry.problem == "2 entries for this student (bob.py, bob.zip); keep one, or pass --keep newest to " \
                            "grade the newest"


def test_a_refused_file_is_its_student_without_the_suffix(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "henry.txt").write_text("my answers")
    (folder / "ivy.tar.gz").write_bytes(b"")
    (folder / "j.doe").mkdir()  # a folder's whole name is the student
    assert list(scan(folder)) == ["henry", "ivy.tar", "j.doe"]
    assert "henry.txt: expected a folder" in prepare("henry", scan(folder)["henry"], tmp_path / "s").problem


NOW = int(time.time())


def age(path: Path, seconds_ago: int) -> Path:
    os.utime(path, (NOW - seconds_ago, NOW - seconds_ago))
    return path


def test_keep_newest_grades_the_entry_changed_last(tmp_path):
    folder = class_folder(tmp_path)
    age(folder / "bob.py", 3600)
    (folder / "bob").mkdir()
    (folder / "bob" / "prefill.py").write_text("y = 2\n")
    age(folder / "bob" / "prefill.py", 60)
    entry = prepare("bob", scan(folder)["bob"], tmp_path / "scratch", keep="newest")
    assert entry.source == folder / "bob" and not entry.problem  # a folder by its newest file
    age(folder / "bob.py", 0)
    assert prepare("bob", scan(folder)["bob"], tmp_path / "s2", keep="newest").source == folder / "bob.py"


def test_keep_newest_dates_a_zip_by_its_newest_member_not_by_its_download(tmp_path):
    folder = class_folder(tmp_path)
    age(folder / "bob.py", 3600)  # handed in an hour ago
    with zipfile.ZipFile(folder / "bob.zip", "w") as zf:  # an older hand-in, downloaded just now
        zf.writestr(zipfile.ZipInfo("prefill.py", date_time=time.localtime(time.time() - 86400)[:6]), "x = 0\n")
    entry = prepare("bob", scan(folder)["bob"], tmp_path / "scratch", keep="newest")
    assert entry.source == folder / "bob.py"
    with zipfile.ZipFile(folder / "bob.zip", "w") as zf:
        zf.writestr(zipfile.ZipInfo("prefill.py", date_time=time.localtime(time.time() - 60)[:6]), "x = 0\n")
    entry = prepare("bob", scan(folder)["bob"], tmp_path / "s2", keep="newest")
    assert entry.source == folder / "bob.zip" and entry.path.is_relative_to(tmp_path / "s2") and not entry.problem


def test_keep_newest_prefers_an_entry_that_can_be_graded_and_refuses_a_tie(tmp_path):
    folder = class_folder(tmp_path)
    age(folder / "bob.py", 3600)
    (folder / "bob.txt").write_text("a note sent afterwards")
    assert prepare("bob", scan(folder)["bob"], tmp_path / "s1", keep="newest").source == folder / "bob.py"
    (folder / "bob.ipynb").write_text("{}")
    age(folder / "bob.ipynb", 3600)
    entry = prepare("bob", scan(folder)["bob"], tmp_path / "s2", keep="newest")
    assert entry.path is None and entry.problem.startswith("3 entries for this student (bob.ipynb, bob.py, bob.txt); ")
    assert "were changed at the same time: keep one" in entry.problem


def test_a_zip_is_opened_into_scratch_and_hashed_as_its_content(tmp_path):
    folder = class_folder(tmp_path)
    zipped = prepare("dave", scan(folder)["dave"], tmp_path / "scratch")
    assert zipped.path == tmp_path / "scratch" / "entries" / "dave" / "unzipped" / "prefill"
    plain = prepare("alice", scan(folder)["alice"], tmp_path / "scratch")
    assert plain.path == tmp_path / "scratch" / "entries" / "alice" / "copy" / "alice"  # graded as it was hashed
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
    assert "expected a folder, a .py, an .ipynb or a .zip" in prepare("frank", [folder / "frank.txt"],
                                                                     tmp_path / "s4").problem


def test_a_zip_bomb_is_a_refused_entry(tmp_path, monkeypatch):
    from grader.batch import entries

    folder = tmp_path / "class"
    folder.mkdir()
    with zipfile.ZipFile(folder / "gina.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("prefill.py", b"#" * (2 << 20))
    real_extract = entries.unzip.extract
    monkeypatch.setattr(entries.unzip, "extract", lambda a, d: real_extract(a, d, max_bytes=1 << 20))
    entry = prepare("gina", [folder / "gina.zip"], tmp_path / "scratch")
    assert entry.path is None and "zip bomb" in entry.problem


def test_a_missing_folder_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="not a folder of submissions"):
        scan(tmp_path / "nowhere")


# -- names a class folder may hold: each a safe student id, a conflict when two are one student (issue 14) --

RAW = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")
# a bidi override is dropped from a key, as the id drops it (a format character is no part of a name)
ODD = {os.fsdecode(b"caf\xe9"): "caf\\xe9", "zed\nfake line": "zed\\nfake line", "ev\u202eil": "evil",
       "esc\x1b]0;owned\x07": "esc\\x1b]0;owned\\x07", "x" * 248: "x" * 248, "Jose\u0301": "Jos\u00e9"}


def test_odd_file_names_become_safe_student_ids(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ODD:
        (folder / f"{name}.py").write_text("x = 1\n")
    found = scan(folder)
    assert sorted(found) == sorted(ODD.values())
    for student in found:
        assert not RAW.search(student), ascii(student)
        student.encode("utf-8")  # storable: no lone surrogate


def test_two_names_equal_after_unicode_normalisation_are_one_student_in_conflict(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "Jos\u00e9.py").write_text("x = 1\n")  # NFC, as macOS or a LMS may not write it
    (folder / "Jose\u0301.py").write_text("x = 2\n")  # NFD
    found = scan(folder)
    assert list(found) == ["Jos\u00e9"] and len(found["Jos\u00e9"]) == 2
    entry = prepare("Jos\u00e9", found["Jos\u00e9"], tmp_path / "scratch")
    assert entry.path is None and "2 entries for this student" in entry.problem
    assert "Jose\\u0301.py" in entry.problem  # two names that look alike are told apart


def test_a_full_width_name_is_its_ascii_twin_in_conflict_as_their_numbers_are_one(tmp_path):
    folder = tmp_path / "class"
    (folder / "bob").mkdir(parents=True)
    (folder / "bob" / "prefill.py").write_text("x = 1\n")
    (folder / "\uff42\uff4f\uff42.py").write_text("x = 2\n")  # the same name typed with a full-width keyboard
    found = scan(folder)
    assert list(found) == ["bob"] and len(found["bob"]) == 2


def test_a_symbolic_link_loop_in_the_folder_is_an_entry_not_a_crash(tmp_path):
    folder = class_folder(tmp_path)
    os.symlink("loop", folder / "loop")
    found = scan(folder, ignore={tmp_path / "gb.sqlite"})
    entry = prepare("loop", found["loop"], tmp_path / "scratch")
    assert entry.path is None and "not a regular file or folder" in entry.problem


def test_report_names_are_the_student_when_plain_and_safe_bounded_and_unique_otherwise():
    from grader.batch.entries import report_name

    assert [report_name(s) for s in ("alice", "s000", "bob.smith", "x;=1+2")] == \
        ["alice.json", "s000.json", "bob.smith.json", "x;=1+2.json"]
    odd = [*ODD.values(), "x" * 247 + "y", "..", "-rf", "a/b", "a\\b", "con:x", "Jose~1"]
    names = [report_name(s) for s in odd]
    assert len(set(names)) == len(odd)
    for name in names:
        assert name.endswith(".json") and not name.startswith((".", "-"))
        assert len(name.encode()) <= 100 and not RAW.search(name)
        assert re.fullmatch(r"[A-Za-z0-9._~+@;=-]+", name), name
    assert report_name("Jos\u00e9").startswith("Jose~")  # still readable
    assert report_name(report_name("Jos\u00e9")[:-5]) != report_name("Jos\u00e9")  # no plain name takes its place


def test_report_names_stay_apart_on_a_disk_that_ignores_case_and_windows_can_make_each():
    from grader.batch.entries import report_name

    students = ["alice", "Alice", "ALICE", "Jane Doe_123_assignsubmission_file_", "jane doe_123_assignsubmission_file_",
                "con", "CON", "nul.x", "com1", "lpt9", "aux ", "console", "com10"]
    names = [report_name(s) for s in students]
    assert len({name.lower() for name in names}) == len(students), names
    assert names[0] == "alice.json" and names[1].startswith("Alice~") and names[3].startswith("Jane_Doe_123")
    devices = {"con", "prn", "aux", "nul", *(f"{p}{n}" for p in ("com", "lpt") for n in range(10))}
    for name in names:
        assert name.split(".")[0].rstrip(" ").lower() not in devices, name
    assert report_name("console") == "console.json" and report_name("com10") == "com10.json"  # no device


def test_a_folder_that_cannot_be_read_is_the_environments_fault_not_the_students(tmp_path, monkeypatch):
    from grader.batch import entries

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    folder = class_folder(tmp_path)
    monkeypatch.setattr(entries, "freeze", denied)
    entry = prepare("alice", scan(folder)["alice"], tmp_path / "scratch")
    assert entry.path is None and entry.fault and "Permission denied" in entry.problem


# -- issue 25: --keep newest among entries that can be graded; each entry graded from its copy ---------------

@pytest.mark.parametrize("newer", ["damaged", "empty", "readme only"])
def test_keep_newest_passes_over_a_newer_zip_that_cannot_be_graded_for_an_older_module(tmp_path, newer):
    """docs/class.md: "the newest of those that can be graded". A zip is dated by its newest member, or by its
    own time when it cannot be read: every newer broken zip here beat the older module."""
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "bob.py").write_text("x = 1\n")
    age(folder / "bob.py", 3600)
    if newer == "damaged":
        (folder / "bob.zip").write_bytes(b"PK\x03\x04 not a zip")
    else:
        with zipfile.ZipFile(folder / "bob.zip", "w") as zf:
            if newer == "readme only":
                zf.writestr(zipfile.ZipInfo("README.txt", date_time=time.localtime(time.time() - 60)[:6]), "hi")
    entry = prepare("bob", scan(folder)["bob"], tmp_path / "scratch", keep="newest")
    assert entry.source == folder / "bob.py" and not entry.problem and entry.path.read_text() == "x = 1\n"


def test_keep_newest_still_names_what_is_wrong_when_no_entry_can_be_graded(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "bob.zip").write_bytes(b"not a zip")
    (folder / "bob.txt").write_text("my answers")
    age(folder / "bob.txt", 3600)
    entry = prepare("bob", scan(folder)["bob"], tmp_path / "scratch", keep="newest")
    assert entry.source == folder / "bob.zip" and "not a readable zip" in entry.problem


def test_an_entry_is_graded_from_a_copy_hashed_as_it_was_copied(tmp_path):
    """Hashed first and graded later, a file changed in between was graded as another content than its hash."""
    from grader.batch.snapshot import content_hash

    folder = class_folder(tmp_path)
    for student in ("alice", "bob"):
        entry = prepare(student, scan(folder)[student], tmp_path / "scratch")
        assert entry.path.is_relative_to(tmp_path / "scratch") and entry.content_hash == content_hash(entry.path)
        assert entry.content_hash == content_hash(entry.source)  # the same hash as ever: no regrade for it
    (folder / "bob.py").write_text("x = 2\n")
    (folder / "alice" / "prefill.py").write_text("x = 2\n")
    assert entry.path.read_text() == "x = 1\n"
    assert (tmp_path / "scratch" / "entries" / "alice" / "copy" / "alice" / "prefill.py").read_text() == "x = 1\n"


def test_an_entry_read_without_a_copy_is_hashed_in_place_and_copied_only_when_frozen(tmp_path):
    """A rerun copies nothing it skips: the coordinator reads with copy=False and copies what it grades."""
    from grader.batch.entries import frozen

    folder = class_folder(tmp_path)
    read = prepare("bob", scan(folder)["bob"], tmp_path / "scratch", copy=False)
    assert read.path == folder / "bob.py" and not (tmp_path / "scratch" / "entries" / "bob").exists()
    (folder / "bob.py").write_text("x = 2\n")  # changed after it was hashed, before it is graded
    graded = frozen(read, tmp_path / "scratch")
    assert graded.path.read_text() == "x = 2\n" and graded.content_hash != read.content_hash  # what is graded
    (folder / "bob.py").unlink()
    gone = frozen(read, tmp_path / "s2")  # removed meanwhile: a row saying so, never a grade of nothing
    assert gone.path is None and "bob.py: not a regular file or folder" in gone.problem
