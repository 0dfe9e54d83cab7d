"""grader.sandbox.stage: the private copy a worker runs holds only plain files, within the limits.

A worker must never see a link out of its copy, a pipe it could block on or a device, nor the
caches and history a student's folder carries; a submission larger than the limits is refused
before anything is copied; and a worker running as nobody must read the copy but not change it.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile

import pytest
import untested

from grader.exceptions import CanaryFailed, SubmissionError
from grader.sandbox import stage
from grader.submission.limits import MAX_DEPTH, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES

from deep import nest


def listing(folder) -> set[str]:
    """Every path below ``folder``, relative to it, without following links."""
    out = set()
    for path, folders, files in os.walk(folder):
        for name in folders + files:
            out.add(os.path.relpath(os.path.join(path, name), folder))
    return out


@pytest.fixture
def submission(tmp_path):
    """A student's folder as it really looks: the work, and caches, history, links and a pipe."""
    source = tmp_path / "alice"
    (source / "data" / "deep").mkdir(parents=True)
    (source / "prefill.py").write_text("def f():\n    return 1\n")
    (source / "answers.toml").write_text('flops = "1.4e13"\n')
    (source / "data" / "deep" / "table.csv").write_bytes(b"a,b\r\n1,2\r\n")
    (source / "empty").mkdir()
    for cache in ("__pycache__", ".git", ".ipynb_checkpoints"):
        (source / cache).mkdir()
        (source / cache / "kept.txt").write_text("not work")
    (source / "data" / "__pycache__").mkdir()  # skipped at any depth
    (source / "data" / "__pycache__" / "prefill.cpython-311.pyc").write_bytes(b"\0")
    (source / "secret.txt").symlink_to("/etc/hostname")
    (source / "inside.py").symlink_to("prefill.py")
    (source / "data" / "up").symlink_to("..", target_is_directory=True)
    os.mkfifo(source / "pipe")
    return source


def test_copy_folder_copies_the_work_and_nothing_else(submission, tmp_path):
    workdir = tmp_path / "scratch" / "copy"
    stage.copy_folder(submission, workdir)
    assert listing(workdir) == {"prefill.py", "answers.toml", "data", "data/deep", "data/deep/table.csv", "empty"}
    assert (workdir / "prefill.py").read_text() == "def f():\n    return 1\n"
    assert (workdir / "data" / "deep" / "table.csv").read_bytes() == b"a,b\r\n1,2\r\n"


def test_copy_folder_leaves_no_link_and_no_pipe(submission, tmp_path):
    workdir = tmp_path / "copy"
    stage.copy_folder(submission, workdir)
    for path, folders, files in os.walk(workdir):
        for name in folders + files:
            mode = os.lstat(os.path.join(path, name)).st_mode
            assert stat.S_ISREG(mode) or stat.S_ISDIR(mode), os.path.join(path, name)


def test_copy_folder_leaves_out_the_names_it_is_given(submission, tmp_path):
    workdir = tmp_path / "copy"
    stage.copy_folder(submission, workdir, leave_out=("answers.toml", "deep"))
    assert listing(workdir) == {"prefill.py", "data", "empty"}
    assert (submission / "answers.toml").is_file()  # the source is not touched


def test_not_copied_names_what_is_not_a_plain_file_or_folder(submission):
    names = os.listdir(submission)
    assert stage.not_copied(str(submission), names) == {
        *stage.SKIPPED, "secret.txt", "inside.py", "pipe"}


def test_the_skipped_names_are_the_caches_history_and_environments():
    assert set(stage.SKIPPED) == {"__pycache__", ".git", ".ipynb_checkpoints", "venv", ".venv", "site-packages",
                                  "node_modules"}


def test_check_size_accepts_a_submission_at_the_limits(tmp_path):
    folder = tmp_path / "alice"
    folder.mkdir()
    with open(folder / "big.bin", "wb") as big:
        big.truncate(MAX_SUBMISSION_BYTES)  # sparse: no 50 MB are written
    for i in range(MAX_SUBMISSION_FILES - 1):
        (folder / f"f{i}.py").touch()
    stage.check_size(folder)


def test_check_size_refuses_one_file_too_many_naming_the_folder(tmp_path):
    folder = tmp_path / "alice"
    folder.mkdir()
    for i in range(MAX_SUBMISSION_FILES + 1):
        (folder / f"f{i}.py").touch()
    with pytest.raises(SubmissionError) as caught:
        stage.check_size(folder)
    assert str(folder) in str(caught.value)
    assert f"more than {MAX_SUBMISSION_FILES} files" in str(caught.value)


def test_check_size_refuses_one_byte_too_many_naming_the_folder(tmp_path):
    folder = tmp_path / "alice"
    (folder / "sub").mkdir(parents=True)
    with open(folder / "sub" / "big.bin", "wb") as big:
        big.truncate(MAX_SUBMISSION_BYTES - 10)  # sparse
    (folder / "small.txt").write_bytes(b"x" * 11)
    with pytest.raises(SubmissionError) as caught:
        stage.check_size(folder)
    assert str(folder) in str(caught.value)
    assert f"{MAX_SUBMISSION_BYTES // (1024 * 1024)} MB" in str(caught.value)


def test_check_size_does_not_count_what_a_link_points_to(tmp_path):
    outside = tmp_path / "outside.bin"
    with open(outside, "wb") as big:
        big.truncate(MAX_SUBMISSION_BYTES + 1)
    folder = tmp_path / "alice"
    folder.mkdir()
    (folder / "link.bin").symlink_to(outside)
    stage.check_size(folder)


def test_check_size_refuses_folders_nested_too_deep_however_deep(tmp_path):
    for levels in (MAX_DEPTH + 1, 1500):  # 1500: deeper than Python's recursion (rglob raised RecursionError)
        folder = tmp_path / f"alice{levels}"
        folder.mkdir()
        nest(folder, levels)
        try:
            with pytest.raises(SubmissionError) as caught:
                stage.check_size(folder)
        finally:  # pytest's own clean-up of old temporary folders recurses: it would fail on this one
            stage.remove_tree(folder)
        assert f"nested more than {MAX_DEPTH} levels deep" in str(caught.value)


def test_check_size_accepts_folders_as_deep_as_allowed_and_skips_caches(tmp_path):
    folder = tmp_path / "alice"
    folder.mkdir()
    nest(folder, MAX_DEPTH)
    (folder / ".git").mkdir()
    nest(folder / ".git", MAX_DEPTH + 5)  # never copied, so never counted
    stage.check_size(folder)


def test_copy_folder_checks_the_size_before_copying(tmp_path):
    source = tmp_path / "alice"
    source.mkdir()
    with open(source / "big.bin", "wb") as big:
        big.truncate(MAX_SUBMISSION_BYTES + 1)
    workdir = tmp_path / "copy"
    with pytest.raises(SubmissionError, match="alice"):
        stage.copy_folder(source, workdir)
    assert not workdir.exists()


def test_readable_copy_opens_the_scratch_folder_for_traversal_only(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir(mode=0o700)
    workdir = scratch / "copy"
    (workdir / "sub" / "deeper").mkdir(parents=True)
    files = [workdir / "prefill.py", workdir / "sub" / "data.csv", workdir / "sub" / "deeper" / "x.txt"]
    for file in files:
        file.write_text("x")
        file.chmod(0o600)
    for folder in (workdir, workdir / "sub", workdir / "sub" / "deeper"):
        folder.chmod(0o700)
    stage.readable_copy(scratch, workdir)
    assert scratch.stat().st_mode & 0o777 == 0o711  # nobody may pass through, not list it
    for folder in (workdir, workdir / "sub", workdir / "sub" / "deeper"):
        assert folder.stat().st_mode & 0o777 == 0o755, folder
    for file in files:
        assert file.stat().st_mode & 0o777 == 0o644, file


def test_readable_copy_makes_executable_and_writable_files_plain(tmp_path):
    scratch = tmp_path / "scratch"
    workdir = scratch / "copy"
    workdir.mkdir(parents=True)
    script = workdir / "run.sh"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o777)
    stage.readable_copy(scratch, workdir)
    assert script.stat().st_mode & 0o777 == 0o644



def test_private_tmp_belongs_to_the_workers_user(tmp_path):
    if os.geteuid() != 0:
        untested.skip(untested.ROOT, "only root can give a folder to another user")
    folder = stage.private_tmp(tmp_path, 65534)
    assert (folder.stat().st_uid, stat.S_IMODE(folder.stat().st_mode)) == (65534, 0o700)


def test_private_tmp_that_cannot_be_given_to_the_workers_user_is_a_failed_canary_not_an_internal_error(
        tmp_path, monkeypatch):
    """A user namespace that maps no such user (a rootless container) refuses the chown with EINVAL:
    the worker could not switch to that user either, so the engine falls back (it used to stop the
    grade as an internal error, before any sandbox was tried in its place)."""
    def refused(path, uid, gid):
        raise OSError(errno.EINVAL, "Invalid argument", str(path))

    monkeypatch.setattr(os, "chown", refused)
    with pytest.raises(CanaryFailed) as failed:
        stage.private_tmp(tmp_path, 65534)
    assert failed.value.switching and failed.value.uid == 65534
    assert failed.value.cause == "cannot give the worker its user 65534: Invalid argument"


def test_temp_root_is_the_machines_unless_too_long_for_a_kernels_sockets(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", "/tmp")
    assert stage.temp_root() is None
    deep = tmp_path / ("x" * 100)
    deep.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(deep))
    assert stage.temp_root() == "/tmp"
    (tmp_path / "a-file").write_text("")
    monkeypatch.setattr(stage, "SHORT_ROOTS", (str(tmp_path / "missing"), str(tmp_path / "a-file")))  # no folder
    assert stage.temp_root() is None
