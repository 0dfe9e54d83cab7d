"""grader.lesson.course: finding the course, its lessons, which lesson a submission is for, and its files."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from grader.exceptions import SubmissionError, UsageError
from grader.lesson.course import Course, find_course
from grader.lesson.manifest import load_lesson
from grader.submission.files import Submission

from paths import ROOT

PREFILL = ROOT / "suites" / "prefill"


def add_lesson(root: Path, lesson_id: str, module: str) -> Path:
    """Copy the Prefill suite as suites/<lesson_id>, renamed and with its own module file."""
    suite = root / "suites" / lesson_id
    shutil.copytree(PREFILL, suite)
    manifest = suite / "lesson.toml"
    text = manifest.read_text(encoding="utf-8")
    text, ids = re.subn(r'(?m)^id = "prefill"', f'id = "{lesson_id}"', text)
    text, modules = re.subn(r'(?m)^module = "prefill.py"', f'module = "{module}"', text)
    assert ids == 1 and modules == 1, "the Prefill manifest changed shape"
    manifest.write_text(text, encoding="utf-8")
    return suite


@pytest.fixture
def course(tmp_path) -> Course:
    root = tmp_path / "course"
    add_lesson(root, "alpha", "alpha.py")
    add_lesson(root, "beta", "beta.py")
    return Course(root)


@pytest.fixture
def no_env(monkeypatch):
    monkeypatch.delenv("GRADER_COURSE", raising=False)


def folder(path: Path, *files: str) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    for name in files:
        (path / name).write_text("x = 1\n" if name.endswith(".py") else 'flops = ""\n', encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- Course

def test_lesson_ids(course):
    assert course.lesson_ids() == ["alpha", "beta"]


def test_lesson_ids_ignore_folders_without_a_manifest(course):
    (course.suites_dir / "drafts").mkdir()
    assert course.lesson_ids() == ["alpha", "beta"]


def test_lesson_loads_the_manifest(course):
    lesson = course.lesson("beta")
    assert lesson.id == "beta"
    assert lesson.module == "beta.py"
    assert lesson.suite_dir == course.suites_dir / "beta"
    assert course.solutions_dir(lesson) == course.root / "solutions" / "beta"
    assert course.exercises_dir(lesson) == course.root / "exercises" / "beta"


def test_unknown_lesson_lists_known_ones(course):
    with pytest.raises(UsageError) as info:
        course.lesson("gamma")
    message = str(info.value)
    assert "'gamma'" in message
    assert "alpha, beta" in message


def test_infer_lesson_by_folder_name(course, tmp_path):
    assert course.infer_lesson(folder(tmp_path / "work" / "beta")).id == "beta"


def test_infer_lesson_folder_name_wins_over_contents(course, tmp_path):
    assert course.infer_lesson(folder(tmp_path / "alpha", "beta.py")).id == "alpha"


def test_infer_lesson_by_module_inside_the_folder(course, tmp_path):
    assert course.infer_lesson(folder(tmp_path / "my-work", "alpha.py", "answers.toml")).id == "alpha"


def test_infer_lesson_by_single_file_name(course, tmp_path):
    folder(tmp_path / "x", "beta.py")
    assert course.infer_lesson(tmp_path / "x" / "beta.py").id == "beta"


@pytest.mark.parametrize("files", [(), ("alpha.py", "beta.py"), ("answers.toml",)],
                         ids=["empty", "both-modules", "answers-only"])
def test_infer_lesson_ambiguous_folder(course, tmp_path, files):
    with pytest.raises(UsageError) as info:
        course.infer_lesson(folder(tmp_path / "submission", *files))
    message = str(info.value)
    assert "--lesson" in message
    assert "alpha, beta" in message
    assert str(tmp_path / "submission") in message


def test_infer_lesson_ambiguous_file(course, tmp_path):
    folder(tmp_path / "x", "gamma.py")
    with pytest.raises(UsageError, match="--lesson"):
        course.infer_lesson(tmp_path / "x" / "gamma.py")


def test_infer_lesson_same_module_in_two_lessons_is_ambiguous(tmp_path):
    root = tmp_path / "course"
    add_lesson(root, "alpha", "shared.py")
    add_lesson(root, "beta", "shared.py")
    folder(tmp_path / "x", "shared.py")
    with pytest.raises(UsageError, match="--lesson"):
        Course(root).infer_lesson(tmp_path / "x" / "shared.py")


def test_single_lesson_course_infers_that_lesson(tmp_path):
    root = tmp_path / "course"
    add_lesson(root, "alpha", "alpha.py")
    sub = folder(tmp_path / "anything", "unrelated.py")
    assert Course(root).infer_lesson(sub).id == "alpha"
    assert Course(root).infer_lesson(sub / "unrelated.py").id == "alpha"


def test_no_lessons(tmp_path):
    (tmp_path / "suites").mkdir()
    assert Course(tmp_path).lesson_ids() == []
    with pytest.raises(UsageError, match="no lessons"):
        Course(tmp_path).infer_lesson(tmp_path)


# ---------------------------------------------------------------------------- find_course

def test_find_course_walks_up(course, no_env):
    nested = folder(course.root / "exercises" / "alpha" / "deep" / "er")
    assert find_course(nested) == Course(course.root.resolve())


def test_find_course_from_the_root_itself(course, no_env):
    assert find_course(course.root).root == course.root.resolve()


def test_find_course_defaults_to_the_working_folder(course, no_env, monkeypatch):
    nested = folder(course.root / "a" / "b")
    monkeypatch.chdir(nested)
    assert find_course().root == course.root.resolve()


def test_find_course_falls_back_to_the_graders_own(tmp_path, no_env):
    lonely = folder(tmp_path / "nowhere")
    assert find_course(lonely).root == ROOT


def test_find_course_honours_grader_course(course, tmp_path, monkeypatch):
    monkeypatch.setenv("GRADER_COURSE", str(course.root))
    elsewhere = folder(tmp_path / "elsewhere")
    found = find_course(elsewhere)
    assert found.root == course.root.resolve()
    assert found.lesson_ids() == ["alpha", "beta"]


def test_grader_course_without_suites_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADER_COURSE", str(tmp_path))
    with pytest.raises(UsageError) as info:
        find_course(tmp_path)
    assert str(tmp_path) in str(info.value)
    assert "suites" in str(info.value)


# ---------------------------------------------------------------------------- Submission.locate

@pytest.fixture
def prefill():
    return load_lesson(PREFILL)


def test_locate_folder_with_both_files(tmp_path, prefill):
    sub = folder(tmp_path / "s", "prefill.py", "answers.toml")
    found = Submission.locate(sub, prefill)
    assert found == Submission(sub, sub / "prefill.py", sub / "answers.toml")


def test_locate_folder_with_only_answers(tmp_path, prefill):
    sub = folder(tmp_path / "s", "answers.toml")
    found = Submission.locate(sub, prefill)
    assert found.module is None
    assert found.answers == sub / "answers.toml"


def test_locate_folder_with_only_the_module(tmp_path, prefill):
    sub = folder(tmp_path / "s", "prefill.py")
    found = Submission.locate(sub, prefill)
    assert found.module == sub / "prefill.py"
    assert found.answers is None


def test_locate_single_module_file(tmp_path, prefill):
    module = folder(tmp_path / "s", "prefill.py") / "prefill.py"
    assert Submission.locate(module, prefill) == Submission(module, module, None)


def test_locate_missing_path(tmp_path, prefill):
    missing = tmp_path / "nope"
    with pytest.raises(SubmissionError) as info:
        Submission.locate(missing, prefill)
    assert str(missing) in str(info.value)
    assert "no such file" in str(info.value)


def test_locate_text_file(tmp_path, prefill):
    text = tmp_path / "prefill.txt"
    text.write_text("2*N*P\n")
    with pytest.raises(SubmissionError) as info:
        Submission.locate(text, prefill)
    assert str(text) in str(info.value)
    assert ".txt" in str(info.value)


def test_locate_empty_folder(tmp_path, prefill):
    empty = folder(tmp_path / "empty")
    with pytest.raises(SubmissionError) as info:
        Submission.locate(empty, prefill)
    message = str(info.value)
    assert str(empty) in message
    assert "prefill.py" in message and "answers.toml" in message


def test_locate_folder_with_wrongly_named_files(tmp_path, prefill):
    sub = folder(tmp_path / "s", "Prefill.py", "answer.toml")
    with pytest.raises(SubmissionError, match="holds neither"):
        Submission.locate(sub, prefill)
