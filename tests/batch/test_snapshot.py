"""grader.batch.snapshot: hashes that change with content and only with content; a lesson frozen and rebuilt."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from grader.batch.snapshot import LessonSnapshot, Tree, content_hash
from grader.exceptions import ConfigError, SubmissionError
from grader.lesson.course import Course

from paths import ROOT


def folder(path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text)
    return path


def test_the_hash_follows_content_not_names_times_or_ignored_folders(tmp_path):
    a = folder(tmp_path / "alice", {"prefill.py": "x = 1\n", "answers.toml": "a = 1\n"})
    b = folder(tmp_path / "bob", {"answers.toml": "a = 1\n", "prefill.py": "x = 1\n", "__pycache__/p.pyc": "junk"})
    os.utime(b / "prefill.py", (1, 1))
    assert content_hash(a) == content_hash(b)
    (b / "prefill.py").write_text("x = 2\n")
    assert content_hash(a) != content_hash(b)


def test_moving_content_between_files_changes_the_hash(tmp_path):
    a = folder(tmp_path / "a", {"p.py": "ab", "q.py": "c"})
    b = folder(tmp_path / "b", {"p.py": "a", "q.py": "bc"})
    c = folder(tmp_path / "c", {"p.py": "ab", "r.py": "c"})
    assert len({content_hash(a), content_hash(b), content_hash(c)}) == 3


def test_a_lone_module_hashes_by_content_and_kind_not_by_its_name(tmp_path):
    (tmp_path / "alice.py").write_text("x = 1\n")
    (tmp_path / "bob.py").write_text("x = 1\n")
    (tmp_path / "carol.ipynb").write_text("x = 1\n")
    assert content_hash(tmp_path / "alice.py") == content_hash(tmp_path / "bob.py")
    assert content_hash(tmp_path / "alice.py") != content_hash(tmp_path / "carol.ipynb")
    only = folder(tmp_path / "dave", {"alice.py": "x = 1\n"})
    assert content_hash(only) != content_hash(tmp_path / "alice.py")  # a folder is not its file


def test_streamed_and_in_memory_hashes_agree(tmp_path):
    a = folder(tmp_path / "a", {"prefill.py": "x = 1\n", "sub/helper.py": "y = 2\n"})
    os.symlink("sub/helper.py", a / "link.py")
    assert Tree.read(a).digest == content_hash(a)
    assert Tree.read(a / "prefill.py").digest == content_hash(a / "prefill.py")


def test_limits_are_submission_errors(tmp_path):
    a = folder(tmp_path / "a", {f"f{i}.txt": "x" * 100 for i in range(5)})
    with pytest.raises(SubmissionError, match="more than 3 files"):
        content_hash(a, max_files=3)
    with pytest.raises(SubmissionError, match="MiB"):
        content_hash(a, max_bytes=250)
    with pytest.raises(SubmissionError, match="MiB"):
        Tree.read(a, max_bytes=250)


def test_a_tree_is_rebuilt_exactly_and_links_out_are_dropped(tmp_path):
    a = folder(tmp_path / "a", {"prefill.py": "x = 1\n", "sub/helper.py": "y = 2\n"})
    os.symlink("sub/helper.py", a / "inside.py")
    os.symlink("/etc/passwd", a / "outside.txt")
    os.symlink("../../x", a / "sub" / "up.txt")
    tree = Tree.read(a)
    rebuilt = tree.write(tmp_path / "copy")
    assert (rebuilt / "sub" / "helper.py").read_text() == "y = 2\n"
    assert os.readlink(rebuilt / "inside.py") == "sub/helper.py"
    assert not (rebuilt / "outside.txt").is_symlink() and not (rebuilt / "sub" / "up.txt").is_symlink()
    single = Tree.read(a / "prefill.py").write(tmp_path / "one")
    assert single == tmp_path / "one" / "prefill.py" and single.read_text() == "x = 1\n"


def test_the_lesson_snapshot_names_the_suite_and_solutions_and_rebuilds_a_course(tmp_path):
    course_root = tmp_path / "course"
    shutil.copytree(ROOT / "suites", course_root / "suites", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "solutions", course_root / "solutions", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "course.toml", course_root / "course.toml")  # the term's salt
    course = Course(course_root)
    lesson = course.lesson("prefill")
    first = LessonSnapshot.take(course, lesson)
    assert not any(name.startswith("mutants/") for name, _ in first.suite.files)
    assert LessonSnapshot.take(course, lesson).version == first.version

    (lesson.suite_dir / "mutants" / "new_mutant.py").write_text("# mistake: x\n# fails: quiz\n")
    assert LessonSnapshot.take(course, lesson).version == first.version  # mutants grade nobody

    with (lesson.suite_dir / "test_causal_mask.py").open("a") as stream:
        stream.write("\n# a changed check\n")
    changed_suite = LessonSnapshot.take(course, lesson).version
    assert changed_suite != first.version

    answers = course.solutions_dir(lesson) / "answers.toml"
    answers.write_text(answers.read_text() + "\n# changed\n")
    assert LessonSnapshot.take(course, lesson).version not in (first.version, changed_suite)

    rebuilt = first.materialize(tmp_path / "frozen")
    assert rebuilt.lesson_ids() == ["prefill"]
    assert (rebuilt.root / "suites" / "prefill" / "lesson.toml").read_bytes() == \
        (ROOT / "suites" / "prefill" / "lesson.toml").read_bytes()
    assert (rebuilt.root / "solutions" / "prefill" / "prefill.py").is_file()


def test_the_terms_salt_travels_with_the_lesson_and_another_salt_is_another_version(tmp_path):
    """Another salt, other numbers for everyone: every row is graded again; a worker's course (a Dask
    machine's) draws the same numbers as the coordinator's."""
    course_root = tmp_path / "course"
    for tree in ("suites", "solutions"):
        shutil.copytree(ROOT / tree, course_root / tree, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "course.toml", course_root / "course.toml")
    course = Course(course_root)
    first = LessonSnapshot.take(course, course.lesson("prefill"))
    assert first.salt == course.salt() and first.materialize(tmp_path / "frozen").salt() == course.salt()
    toml = course_root / "course.toml"
    toml.write_text(toml.read_text().replace(course.salt(), "next-term"))
    assert LessonSnapshot.take(course, course.lesson("prefill")).version != first.version
    toml.write_text('lessons = ["prefill", "latency"]\n')  # no salt, and a lesson with parameters
    with pytest.raises(ConfigError, match="has no salt for this term"):
        LessonSnapshot.take(course, course.lesson("prefill"))


def test_other_solutions_give_another_version_and_a_missing_folder_is_a_configuration_error(tmp_path):
    course = Course(ROOT)
    lesson = course.lesson("prefill")
    mine = shutil.copytree(ROOT / "solutions" / "prefill", tmp_path / "mine")
    (mine / "prefill.py").write_text((mine / "prefill.py").read_text() + "\n# my own\n")
    assert LessonSnapshot.take(course, lesson, mine).version != LessonSnapshot.take(course, lesson).version
    tree = LessonSnapshot.take(course, lesson, ROOT / "solutions")  # the same solution, found in a tree
    assert tree.version == LessonSnapshot.take(course, lesson).version
    with pytest.raises(ConfigError, match=r"--solutions .*nowhere: is not a folder: give a lesson folder"):
        LessonSnapshot.take(course, lesson, tmp_path / "nowhere")


def test_a_folder_nested_1500_levels_deep_is_a_submission_error_not_a_recursion_error(tmp_path, deep_folder):
    deep = deep_folder(tmp_path / "bob", 1500, {"prefill.py": b"x = 1\n"})
    with pytest.raises(SubmissionError, match="nested"):
        content_hash(deep)
    with pytest.raises(SubmissionError, match="nested"):
        Tree.read(deep)


def test_a_folder_as_deep_as_the_limit_is_hashed(tmp_path, deep_folder):
    from grader.submission.limits import MAX_DEPTH

    deep = deep_folder(tmp_path / "bob", MAX_DEPTH - 1, {"prefill.py": b"x = 1\n"})
    assert content_hash(deep) == Tree.read(deep).digest


def test_file_names_that_are_not_utf8_are_hashed_exactly(tmp_path):
    a = folder(tmp_path / "a", {"prefill.py": "x = 1\n"})
    b = folder(tmp_path / "b", {"prefill.py": "x = 1\n"})
    (a / os.fsdecode(b"caf\xe9.txt")).write_text("notes")
    (b / os.fsdecode(b"caf\xe8.txt")).write_text("notes")
    assert content_hash(a) == Tree.read(a).digest
    assert content_hash(a) != content_hash(b)  # the bytes of the name count, as the disk holds them


def test_a_solution_that_does_not_import_is_named_by_its_own_path_before_any_worker_starts(tmp_path):
    """Each grading worker imported its copy of it: the batch stopped with exit status 2, "the grading
    worker could not start: /tmp/grader-batch-.../course/solutions/prefill/prefill.py: ..."."""
    mine = tmp_path / "mine" / "prefill"
    shutil.copytree(ROOT / "solutions" / "prefill", mine, ignore=shutil.ignore_patterns("__pycache__"))
    (mine / "prefill.py").write_text((mine / "prefill.py").read_text() + "\nimport sys\nsys.exit(0)\n")
    course = Course(ROOT)
    with pytest.raises(ConfigError) as wrong:
        LessonSnapshot.take(course, course.lesson("prefill"), tmp_path / "mine")
    assert str(wrong.value).startswith(f"{mine / 'prefill.py'}: the reference solution cannot be imported (SystemExit")


def test_freeze_copies_an_entry_and_hashes_the_copy_as_content_hash_would(tmp_path):
    """``grader.batch.entries`` grades the copy: its digest must be the one earlier runs recorded for the content."""
    from grader.batch.snapshot import freeze

    source = tmp_path / "alice"
    (source / "sub").mkdir(parents=True)
    (source / "prefill.py").write_text("x = 1\n")
    (source / "sub" / "notes.txt").write_text("n")
    (source / "__pycache__").mkdir()
    (source / "__pycache__" / "x.pyc").write_bytes(b"cache")
    os.symlink("prefill.py", source / "inside")
    os.symlink("../../etc/passwd", source / "sub" / "outside")
    digest = freeze(source, tmp_path / "copy" / "alice")
    copy = tmp_path / "copy" / "alice"
    assert digest == content_hash(copy)
    assert sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*")) == [
        "inside", "prefill.py", "sub", "sub/notes.txt"]  # no cache, no link leading out
    (source / "sub" / "outside").unlink()
    assert digest == content_hash(source)  # the same content: the same hash as ever
    assert freeze(source / "prefill.py", tmp_path / "one" / "bob.py") == content_hash(source / "prefill.py")
    with pytest.raises(SubmissionError, match="more than"):
        freeze(source, tmp_path / "small", max_bytes=3)
