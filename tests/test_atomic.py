"""grader.atomic: every file the grader writes for people is replaced whole, readable, or not at all.

A report, an export or a generated doc is read while it is written (a browser, a CI upload,
a spreadsheet), so a failed write must leave the old file and no temporary file behind, and
a new file must get the permissions ``open()`` would give, not ``mkstemp``'s 0600.
"""

from __future__ import annotations

import csv
import os

import pytest
import untested

from grader import atomic
from grader.exceptions import UsageError

OLD = "the old report, whole\n"


@pytest.fixture
def umask():
    """Set the process umask for one test; the old one comes back whatever the test does."""
    before = os.umask(0o022)

    def set_to(mask: int) -> None:
        os.umask(mask)

    yield set_to
    os.umask(before)


def test_a_text_replaces_the_file(tmp_path):
    target = tmp_path / "report.txt"
    target.write_text(OLD, encoding="utf-8")
    atomic.write(target, "naïve résumé\n")
    assert target.read_bytes() == "naïve résumé\n".encode()
    assert os.listdir(tmp_path) == ["report.txt"]


def test_a_writer_function_gets_the_open_stream(tmp_path):
    target = tmp_path / "report.txt"

    def writer(stream):
        stream.write("first\n")
        print("second", file=stream)

    atomic.write(target, writer)
    assert target.read_text(encoding="utf-8") == "first\nsecond\n"


def test_a_path_given_as_text_is_accepted(tmp_path):
    atomic.write(str(tmp_path / "report.txt"), "x\n")
    assert (tmp_path / "report.txt").read_text() == "x\n"


def test_the_parent_folder_is_created(tmp_path):
    target = tmp_path / "reports" / "2024" / "alice.json"
    atomic.write(target, "{}\n")
    assert target.read_text() == "{}\n"
    assert os.listdir(target.parent) == ["alice.json"]


def test_an_os_error_while_writing_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "report.txt"
    target.write_text(OLD, encoding="utf-8")

    def writer(stream):
        stream.write("half of the new report")
        raise OSError(28, "No space left on device")

    with pytest.raises(UsageError) as caught:
        atomic.write(target, writer)
    assert str(target) in str(caught.value) and "No space left on device" in str(caught.value)
    assert target.read_text(encoding="utf-8") == OLD
    assert os.listdir(tmp_path) == ["report.txt"]


def test_any_other_exception_propagates_and_keeps_the_old_file(tmp_path):
    target = tmp_path / "report.txt"
    target.write_text(OLD, encoding="utf-8")

    def writer(stream):
        stream.write("half of the new report")
        raise RuntimeError("the view could not be rendered")

    with pytest.raises(RuntimeError, match="could not be rendered"):
        atomic.write(target, writer)
    assert target.read_text(encoding="utf-8") == OLD
    assert os.listdir(tmp_path) == ["report.txt"]


def test_an_interrupt_while_writing_leaves_no_temporary(tmp_path):
    target = tmp_path / "report.txt"

    def writer(stream):
        stream.write("half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic.write(target, writer)
    assert os.listdir(tmp_path) == []


def test_a_new_file_is_readable_by_all_under_umask_022(tmp_path, umask):
    umask(0o022)
    target = tmp_path / "report.txt"
    atomic.write(target, "x\n")
    assert target.stat().st_mode & 0o777 == 0o644  # what open() gives, not mkstemp's 0600


def test_the_umask_is_honoured(tmp_path, umask):
    umask(0o077)
    target = tmp_path / "report.txt"
    atomic.write(target, "x\n")
    assert target.stat().st_mode & 0o777 == 0o600


def test_a_replaced_file_gets_the_rule_not_its_old_mode(tmp_path, umask):
    umask(0o022)
    target = tmp_path / "report.txt"
    target.write_text(OLD)
    target.chmod(0o600)
    atomic.write(target, "x\n")
    assert target.stat().st_mode & 0o777 == 0o644


def test_writing_leaves_the_umask_as_it_was(tmp_path, umask):
    umask(0o027)
    atomic.write(tmp_path / "report.txt", "x\n")
    assert os.umask(0o027) == 0o027


def test_a_parent_that_is_a_file_is_a_usage_error_naming_the_path(tmp_path):
    (tmp_path / "reports").write_text("not a folder")
    target = tmp_path / "reports" / "alice.json"
    with pytest.raises(UsageError, match="cannot write") as caught:
        atomic.write(target, "{}\n")
    assert str(target) in str(caught.value)
    assert (tmp_path / "reports").read_text() == "not a folder"
    assert os.listdir(tmp_path) == ["reports"]


def test_a_target_that_is_a_folder_is_a_usage_error_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "report.txt"
    target.mkdir()
    with pytest.raises(UsageError) as caught:
        atomic.write(target, "x\n")
    assert str(target) in str(caught.value)
    assert os.listdir(tmp_path) == ["report.txt"] and target.is_dir()


@untested.skip_unless(os.geteuid() != 0, untested.NOT_ROOT, "root may write into a read-only folder")
def test_a_read_only_folder_is_a_usage_error_naming_the_path(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(UsageError) as caught:
            atomic.write(folder / "report.txt", "x\n")
        assert str(folder / "report.txt") in str(caught.value)
        assert os.listdir(folder) == []
    finally:
        folder.chmod(0o755)


def test_newline_empty_keeps_crlf_as_written(tmp_path):
    target = tmp_path / "grades.csv"
    atomic.write(target, "a,b\r\nc,d\r\n", newline="")
    assert target.read_bytes() == b"a,b\r\nc,d\r\n"


def test_the_csv_export_gets_single_crlf_line_ends(tmp_path):
    target = tmp_path / "grades.csv"
    rows = [["student", "score"], ["alice", "9.5"]]
    atomic.write(target, lambda stream: csv.writer(stream).writerows(rows), newline="")
    assert target.read_bytes() == b"student,score\r\nalice,9.5\r\n"


def test_the_newline_argument_reaches_the_stream(tmp_path):
    target = tmp_path / "report.txt"
    atomic.write(target, "one\ntwo\n", newline="\r\n")
    assert target.read_bytes() == b"one\r\ntwo\r\n"


def test_by_default_a_newline_is_written_as_the_platform_writes_it(tmp_path):
    target = tmp_path / "report.txt"
    atomic.write(target, "one\ntwo\n")
    assert target.read_bytes() == ("one" + os.linesep + "two" + os.linesep).encode()


def test_a_target_with_a_name_near_the_limit_gets_a_short_temporary_beside_it(tmp_path, monkeypatch):
    target = tmp_path / ("x" * 245 + ".json")  # 250 bytes: the file system's limit is 255
    temporaries = []
    real_replace = os.replace

    def replace(src, dst):
        temporaries.append(src)
        return real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", replace)
    atomic.write(target, "{}\n")
    assert target.read_text() == "{}\n"
    assert os.listdir(tmp_path) == [target.name]
    (temporary,) = temporaries
    assert os.path.dirname(temporary) == str(tmp_path)  # beside the target: the rename stays on its disk
    assert os.path.basename(temporary).startswith(".") and len(os.path.basename(temporary).encode()) <= 32


def test_a_non_ascii_target_name_gets_a_temporary_of_bounded_bytes(tmp_path):
    target = tmp_path / ("é" * 122 + ".json")  # 249 bytes of UTF-8, 127 characters
    atomic.write(target, "{}\n")
    assert os.listdir(tmp_path) == [target.name]
