"""grader.submission.unzip: a hostile zip is refused with a reason, a normal one gives the submission inside."""

from __future__ import annotations

import re
import stat
import subprocess
import zipfile
from pathlib import Path

import pytest

from grader.exceptions import SubmissionError
from grader.submission.unzip import extract


def make_zip(path: Path, members: dict[str, bytes], links: dict[str, str] | None = None,
             compression=zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
        for name, target in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, target)
    return path


def test_a_zipped_folder_gives_that_folder(tmp_path):
    archive = make_zip(tmp_path / "alice.zip", {"prefill/prefill.py": b"x = 1\n", "prefill/answers.toml": b"a = 1\n"})
    root = extract(archive, tmp_path / "out")
    assert root == tmp_path / "out" / "prefill"
    assert (root / "prefill.py").read_bytes() == b"x = 1\n"
    assert (root / "answers.toml").read_bytes() == b"a = 1\n"


def test_a_zipped_module_gives_the_module_and_loose_files_give_the_folder(tmp_path):
    zipped = make_zip(tmp_path / "a.zip", {"prefill.py": b"x = 1\n"})
    assert extract(zipped, tmp_path / "a") == tmp_path / "a" / "prefill.py"
    loose = make_zip(tmp_path / "b.zip", {"prefill.py": b"x = 1\n", "answers.toml": b""})
    assert extract(loose, tmp_path / "b") == tmp_path / "b"


def test_archiver_junk_is_left_out(tmp_path):
    archive = make_zip(tmp_path / "a.zip", {"prefill/prefill.py": b"x\n", "__MACOSX/prefill/._prefill.py": b"junk",
                                             "prefill/.DS_Store": b"junk"})
    root = extract(archive, tmp_path / "out")
    assert root == tmp_path / "out" / "prefill"
    assert sorted(p.name for p in root.iterdir()) == ["prefill.py"]
    assert not (tmp_path / "out" / "__MACOSX").exists()


@pytest.mark.parametrize("name", ["../evil.py", "prefill/../../evil.py", "/etc/evil.py", "..\\evil.py",
                                  "C:/evil.py"])
def test_path_traversal_is_refused_and_nothing_is_written(tmp_path, name):
    archive = make_zip(tmp_path / "a.zip", {"prefill.py": b"x\n", name: b"owned\n"})
    with pytest.raises(SubmissionError, match="points outside"):
        extract(archive, tmp_path / "deep" / "out")
    assert not (tmp_path / "deep").exists()
    assert not (tmp_path / "evil.py").exists()


def test_symbolic_links_are_refused(tmp_path):
    archive = make_zip(tmp_path / "a.zip", {"prefill.py": b"x\n"}, links={"answers.toml": "/etc/passwd"})
    with pytest.raises(SubmissionError, match="symbolic link"):
        extract(archive, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_zip_bomb_is_reported_without_expanding_it(tmp_path):
    archive = make_zip(tmp_path / "bomb.zip", {"big.bin": b"\0" * (3 << 20)})
    assert archive.stat().st_size < 20_000  # it really is a bomb: a few KiB that claim megabytes
    with pytest.raises(SubmissionError, match="zip bomb"):
        extract(archive, tmp_path / "out", max_bytes=1 << 20)
    assert not (tmp_path / "out").exists()


def test_too_many_files_are_refused(tmp_path):
    archive = make_zip(tmp_path / "many.zip", {f"f{i}.txt": b"" for i in range(12)})
    with pytest.raises(SubmissionError, match="12 files, more than the limit of 10"):
        extract(archive, tmp_path / "out", max_files=10)


def test_a_header_that_understates_the_size_writes_no_more_than_it_declared(tmp_path):
    archive = make_zip(tmp_path / "liar.zip", {"a.bin": b"\1" * 5000}, compression=zipfile.ZIP_STORED)
    data = bytearray(archive.read_bytes())
    # shrink the declared size in the central directory only: zipfile reads that one
    central = data.rindex(b"PK\x01\x02")
    data[central + 24:central + 28] = (100).to_bytes(4, "little")
    archive.write_bytes(bytes(data))
    with pytest.raises(SubmissionError, match=re.escape("liar.zip")):
        extract(archive, tmp_path / "out", max_bytes=1000)
    assert all(p.stat().st_size <= 100 for p in (tmp_path / "out").rglob("*") if p.is_file())


def test_not_a_zip_and_duplicates_are_refused(tmp_path):
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"this is not a zip")
    with pytest.raises(SubmissionError, match="not a readable zip"):
        extract(junk, tmp_path / "out1")
    twice = tmp_path / "twice.zip"
    with zipfile.ZipFile(twice, "w") as zf:
        zf.writestr("prefill.py", b"a")
        with pytest.warns(UserWarning):
            zf.writestr("prefill.py", b"b")
    with pytest.raises(SubmissionError, match="twice"):
        extract(twice, tmp_path / "out2")


def test_extracted_files_are_plain_and_readable(tmp_path):
    archive = tmp_path / "modes.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        info = zipfile.ZipInfo("prefill.py")
        info.external_attr = (stat.S_IFREG | 0o4777) << 16  # setuid, world-writable: not kept
        zf.writestr(info, b"x = 1\n")
    path = extract(archive, tmp_path / "out")
    mode = stat.S_IMODE(path.stat().st_mode)
    assert not mode & (stat.S_ISUID | stat.S_IWOTH | stat.S_IXUSR)
    assert mode & stat.S_IRUSR


# -- damaged and hostile archives: each a refusal naming the zip in one line, never a traceback (issue 14) --

SOURCE = b"def prefill_flops(n, p):\n    return 2 * n * p\n" * 40

# where flipping eight bytes of the member's compressed data breaks each decompressor (found by trying)
DAMAGE = {zipfile.ZIP_DEFLATED: 9, zipfile.ZIP_LZMA: 6, zipfile.ZIP_BZIP2: 0}


def damaged_zip(path: Path, compression: int) -> Path:
    make_zip(path, {"prefill.py": SOURCE}, compression=compression)
    data = bytearray(path.read_bytes())
    start = 30 + len("prefill.py") + DAMAGE[compression]  # past the local header
    for i in range(start, start + 8):
        data[i] ^= 0xA5
    path.write_bytes(bytes(data))
    return path


def one_line_refusal(archive: Path, dest: Path) -> str:
    with pytest.raises(SubmissionError) as caught:
        extract(archive, dest)
    message = str(caught.value)
    assert archive.name in message and "\n" not in message
    assert not re.search(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", message), message
    return message


@pytest.mark.parametrize("compression", [zipfile.ZIP_DEFLATED, zipfile.ZIP_LZMA, zipfile.ZIP_BZIP2],
                         ids=["deflate", "lzma", "bzip2"])
def test_a_member_with_damaged_compressed_data_is_refused(tmp_path, compression):
    archive = damaged_zip(tmp_path / "bob.zip", compression)
    assert "damaged" in one_line_refusal(archive, tmp_path / "out")


def test_a_member_flagged_utf8_whose_name_is_not_utf8_is_refused(tmp_path):
    archive = make_zip(tmp_path / "bob.zip", {"prefill.py": SOURCE})
    data = archive.read_bytes().replace(b"prefill.py", b"pref\xffll.py")
    data = bytearray(data)
    central = data.rindex(b"PK\x01\x02")
    data[central + 9] |= 0x08  # general purpose flag bit 11: the name is UTF-8
    data[7] |= 0x08  # the same bit in the local header
    archive.write_bytes(bytes(data))
    assert "UTF-8" in one_line_refusal(archive, tmp_path / "out")


def test_a_folder_nested_1500_levels_deep_is_refused_before_anything_is_written(tmp_path):
    archive = make_zip(tmp_path / "bob.zip", {"/".join(["d"] * 1500) + "/prefill.py": SOURCE})
    try:
        assert "nested" in one_line_refusal(archive, tmp_path / "out")
        assert not (tmp_path / "out").exists()
    finally:  # had it been extracted, pytest's own (recursive) clean-up of tmp_path would overflow
        subprocess.run(["rm", "-rf", str(tmp_path / "out")], check=True)


def test_a_member_name_too_long_for_the_disk_is_refused(tmp_path):
    archive = make_zip(tmp_path / "bob.zip", {"x" * 300 + ".py": SOURCE})
    one_line_refusal(archive, tmp_path / "out")


def test_member_names_quoted_in_a_reason_are_inert(tmp_path):
    name = "evil\x1b]0;owned\x07\n::error::fake\u202etxt.py"
    archive = make_zip(tmp_path / "bob.zip", {"prefill.py": SOURCE}, links={name: "/etc/passwd"})
    message = one_line_refusal(archive, tmp_path / "out")
    assert "symbolic link" in message and "\\x1b" in message


def test_a_disk_that_cannot_be_written_is_not_the_students_fault(tmp_path, monkeypatch):
    import errno

    from grader.submission import unzip

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    archive = make_zip(tmp_path / "bob.zip", {"prefill.py": SOURCE})
    monkeypatch.setattr(unzip.os, "open", full)
    with pytest.raises(OSError, match="No space left") as caught:
        extract(archive, tmp_path / "out")
    assert not isinstance(caught.value, SubmissionError)
