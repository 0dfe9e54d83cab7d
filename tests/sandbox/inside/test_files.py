"""A submission copy: readable for the worker, and removable whatever a root worker did to it."""

from __future__ import annotations

import fcntl
import os
import struct

import pytest

from grader.sandbox.inside.files import make_readable, remove_tree

_GET, _SET, _IMMUTABLE, _APPEND = 0x80086601, 0x40086602, 0x10, 0x20


def _set_flag(path, flag) -> bool:
    """Set an inode flag as a root worker could; False where this machine does not allow it."""
    try:
        fd = os.open(path, os.O_RDONLY)
        try:
            flags = struct.unpack("l", fcntl.ioctl(fd, _GET, struct.pack("l", 0)))[0]
            fcntl.ioctl(fd, _SET, struct.pack("l", flags | flag))
        finally:
            os.close(fd)
    except OSError:
        return False
    return True


def test_make_readable_opens_folders_and_files_but_leaves_links(tmp_path):
    (tmp_path / "sub").mkdir(mode=0o700)
    (tmp_path / "sub" / "a.py").write_text("x = 1\n")
    (tmp_path / "sub" / "a.py").chmod(0o600)
    (tmp_path / "sub" / "link").symlink_to("/etc/hostname")
    make_readable(tmp_path / "sub")
    assert (tmp_path / "sub").stat().st_mode & 0o777 == 0o755
    assert (tmp_path / "sub" / "a.py").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "sub" / "link").is_symlink()


def test_remove_tree_frees_immutable_and_append_only_entries(tmp_path):
    copy = tmp_path / "copy"
    (copy / "deep").mkdir(parents=True)
    locked, appended, folder = copy / "locked.txt", copy / "deep" / "log.txt", copy / "deep"
    locked.write_text("you cannot delete me")
    appended.write_text("nor me")
    if not (_set_flag(locked, _IMMUTABLE) and _set_flag(appended, _APPEND) and _set_flag(folder, _IMMUTABLE)):
        pytest.skip("inode flags cannot be set here (not root, or the file system has none)")
    try:
        remove_tree(copy)
        assert not copy.exists()
    finally:  # never leave an undeletable file behind, even when the test fails
        for path in (locked, appended, folder):
            if path.exists():
                fd = os.open(path, os.O_RDONLY)
                fcntl.ioctl(fd, _SET, struct.pack("l", 0))
                os.close(fd)


def test_remove_tree_of_nothing_is_quiet(tmp_path):
    remove_tree(tmp_path / "never-made")


def _deep(top, levels: int) -> None:
    """``levels`` folders, each inside the last, as a worker makes them: by changing into each one
    (the whole path is longer than the kernel takes, and deeper than Python's recursion)."""
    here = os.getcwd()
    os.chdir(top)
    try:
        for _ in range(levels):
            os.mkdir("d")
            os.chdir("d")
        with open("last.txt", "w") as stream:
            stream.write("x")
    finally:
        os.chdir(here)


def test_remove_tree_removes_a_folder_deeper_than_recursion_and_paths_allow(tmp_path):
    copy = tmp_path / "copy"
    copy.mkdir()
    _deep(copy, 3000)
    (copy / "wide").mkdir()
    for i in range(200):
        (copy / "wide" / f"f{i}").mkdir()
        (copy / "wide" / f"f{i}" / "x").write_text("x")
    remove_tree(copy)
    assert not os.path.lexists(copy)


def test_remove_tree_leaves_what_a_link_points_at(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    copy = tmp_path / "copy"
    (copy / "sub").mkdir(parents=True)
    (copy / "sub" / "link").symlink_to(outside)
    (copy / "link").symlink_to(outside / "keep.txt")
    remove_tree(copy)
    assert not os.path.lexists(copy)
    assert (outside / "keep.txt").read_text() == "keep"


def test_remove_tree_of_a_file_removes_the_file(tmp_path):
    single = tmp_path / "single.txt"
    single.write_text("x")
    remove_tree(single)
    assert not os.path.lexists(single)
