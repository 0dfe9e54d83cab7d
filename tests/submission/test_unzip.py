"""grader.submission.unzip: a hostile zip is refused with a reason, a normal one gives the submission inside."""

from __future__ import annotations

import re
import stat
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
