"""grader.submission.files: which lesson a submission is for (one rule for every tool), and where its files are.

Submissions as they arrive: a folder holding the module, one file, or a whole course repository
(``repo/exercises/prefill/prefill.py``, as GitHub hand-ins bring it)."""

from __future__ import annotations

import os

import pytest

from grader import grade
from grader.exceptions import SubmissionError, UsageError
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson
from grader.submission.files import Submission, choose_lesson, lesson_folder

from courses import PREFILL, add_lesson, folder
from paths import ROOT


@pytest.fixture
def course(tmp_path) -> Course:
    """Two lessons, alpha (alpha.py) and beta (beta.py), and no course.toml."""
    root = tmp_path / "course"
    add_lesson(root, "alpha", "alpha.py")
    add_lesson(root, "beta", "beta.py")
    return Course(root)


@pytest.fixture
def declared(course) -> Course:
    """The same course with course.toml declaring beta first."""
    (course.root / "course.toml").write_text('lessons = ["beta", "alpha"]\n', encoding="utf-8")
    return course


@pytest.fixture
def prefill():
    return load_lesson(PREFILL)


def chosen(course: Course, path, lesson=None) -> tuple[str, bool]:
    choice = choose_lesson(course, path, lesson)
    return choice.lesson.id, choice.from_files


# ---------------------------------------------------------------------------- choose_lesson: the files decide

def test_a_folder_named_after_a_lesson_is_that_lesson(course, tmp_path):
    assert chosen(course, folder(tmp_path / "work" / "beta")) == ("beta", True)


def test_the_folder_name_wins_over_its_contents(course, tmp_path):
    assert chosen(course, folder(tmp_path / "alpha", "beta.py")) == ("alpha", True)


def test_the_module_inside_the_folder_names_the_lesson(course, tmp_path):
    assert chosen(course, folder(tmp_path / "my-work", "alpha.py", "answers.toml")) == ("alpha", True)


def test_a_single_file_is_named_as_its_lessons_module_or_notebook(course, tmp_path):
    folder(tmp_path / "x", "beta.py", "alpha.ipynb")
    assert chosen(course, tmp_path / "x" / "beta.py") == ("beta", True)
    assert chosen(course, tmp_path / "x" / "alpha.ipynb") == ("alpha", True)


def test_a_course_repository_names_its_lesson_by_its_exercises_folder(course, tmp_path):
    repo = folder(tmp_path / "repo", "exercises/beta/answers.toml", "README.md")
    assert chosen(course, repo) == ("beta", True)
    repo = folder(tmp_path / "repo2", "src/deep/alpha.py")
    assert chosen(course, repo) == ("alpha", True)


def test_lesson_option_wins_over_everything(course, tmp_path):
    assert chosen(course, folder(tmp_path / "alpha", "alpha.py"), "beta") == ("beta", False)
    with pytest.raises(UsageError, match="unknown lesson 'gamma'"):
        choose_lesson(course, tmp_path, "gamma")


def test_a_course_of_one_lesson_grades_that_lesson_whatever_the_files(tmp_path):
    root = tmp_path / "course"
    add_lesson(root, "alpha", "alpha.py")
    sub = folder(tmp_path / "anything", "unrelated.py")
    assert chosen(Course(root), sub) == ("alpha", False)
    assert chosen(Course(root), sub / "unrelated.py") == ("alpha", False)


def test_a_missing_submission_is_said_before_any_lesson(course, tmp_path):
    with pytest.raises(SubmissionError, match="no such file or folder"):
        choose_lesson(course, tmp_path / "nope")


# ---------------------------------------------------------------------------- choose_lesson: else the default

@pytest.mark.parametrize("files", [(), ("answers.toml",), ("notes.md",)], ids=["empty", "answers-only", "other"])
def test_files_that_name_no_lesson_get_the_course_default(declared, tmp_path, files):
    assert chosen(declared, folder(tmp_path / "submission", *files)) == ("beta", False)


def test_a_file_named_for_no_lesson_gets_the_course_default(declared, tmp_path):
    folder(tmp_path / "x", "gamma.py")
    assert chosen(declared, tmp_path / "x" / "gamma.py") == ("beta", False)


@pytest.mark.parametrize("files", [(), ("answers.toml",)], ids=["empty", "answers-only"])
def test_without_course_toml_files_that_name_no_lesson_need_lesson(course, tmp_path, files):
    with pytest.raises(UsageError) as info:
        choose_lesson(course, folder(tmp_path / "submission", *files))
    message = str(info.value)
    assert "--lesson" in message and "alpha, beta" in message and "course.toml" in message
    assert str(tmp_path / "submission") in message


@pytest.mark.parametrize("files", [("alpha.py", "beta.py"), ("exercises/alpha/alpha.py", "exercises/beta/beta.py")],
                         ids=["both-modules", "both-exercises"])
def test_files_of_several_lessons_are_refused_not_defaulted(declared, tmp_path, files):
    with pytest.raises(UsageError) as info:
        choose_lesson(declared, folder(tmp_path / "submission", *files))
    assert "several lessons (beta, alpha)" in str(info.value) and "--lesson" in str(info.value)  # course order


def test_the_same_module_in_two_lessons_names_both(tmp_path):
    root = tmp_path / "course"
    add_lesson(root, "alpha", "shared.py")
    add_lesson(root, "beta", "shared.py")
    folder(tmp_path / "x", "shared.py")
    with pytest.raises(UsageError, match="--lesson"):
        choose_lesson(Course(root), tmp_path / "x" / "shared.py")


def test_the_repository_grades_prefill_by_default_and_latency_by_its_files(tmp_path):
    course = Course(ROOT)
    assert chosen(course, folder(tmp_path / "s", "answers.toml")) == ("prefill", False)
    assert chosen(course, folder(tmp_path / "t", "latency.py")) == ("latency", True)


@pytest.fixture
def course_repository(tmp_path):
    """A student's copy of the course repository (a GitHub hand-in): every lesson's exercises, as shipped."""
    repo = tmp_path / "repo"
    for lesson in ("prefill", "latency"):
        folder(repo / "exercises" / lesson)
        for stub in (ROOT / "exercises" / lesson).iterdir():
            (repo / "exercises" / lesson / stub.name).write_bytes(stub.read_bytes())
    (repo / "README.md").write_text("# my course work\n")
    return repo


@pytest.mark.parametrize("lesson, work", [
    ("prefill", {"prefill.py": "import numpy as np\n\ndef prefill_flops(N, P):\n    return 2 * N * P\n"}),
    ("latency", {"latency.py": "def steady_decode_rate(itl):\n    return 1 / itl\n"}),
    ("latency", {"latency.py": "steady_decode_rate = lambda itl: 1 / itl\n"}),  # bound otherwise than by def
    ("latency", {"answers.toml": 'elapsed = "0.4 s"\n'}),
    ("prefill", {"prefill.py": "def prefill_flops(N, P)\n    return 2 * N * P\n"}),  # does not parse: worked on
], ids=["prefill-module", "latency-module", "latency-lambda", "latency-answers", "prefill-syntax-error"])
def test_a_course_repository_is_the_lesson_worked_on_the_other_lessons_stubs_name_none(course_repository, lesson,
                                                                                        work):
    """Every lesson's untouched stubs come with a whole course repository: they are no evidence. Before,
    such a hand-in "holds the files of several lessons: pass --lesson", and an autograder of every
    lesson scored it 0."""
    for name, text in work.items():
        (course_repository / "exercises" / lesson / name).write_text(text, encoding="utf-8")
    assert chosen(Course(ROOT), course_repository) == (lesson, True)


def test_a_course_repository_worked_on_in_no_lesson_or_in_two_is_still_refused(course_repository):
    with pytest.raises(UsageError, match=r"several lessons \(prefill, latency\): pass --lesson"):
        choose_lesson(Course(ROOT), course_repository)  # nothing done: which one was meant is unknown
    (course_repository / "exercises" / "prefill" / "answers.toml").write_text('flops = "1.4e13"\n')
    (course_repository / "exercises" / "latency" / "answers.toml").write_text('elapsed = "0.4 s"\n')
    with pytest.raises(UsageError, match=r"several lessons \(prefill, latency\): pass --lesson"):
        choose_lesson(Course(ROOT), course_repository)


# ---------------------------------------------------------------------------- Submission.locate and lesson_folder

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
    assert "prefill.py" in message and "answers.toml" in message and "exercises/prefill/" in message


def test_locate_folder_with_wrongly_named_files_says_what_it_found(tmp_path, prefill):
    sub = folder(tmp_path / "s", "Prefill_v2.py", "answer.toml")
    with pytest.raises(SubmissionError, match="holds neither") as info:
        Submission.locate(sub, prefill)
    assert str(info.value).endswith("; found: Prefill_v2.py, answer.toml")


def test_a_course_repository_is_graded_from_exercises_lesson(tmp_path, prefill):
    repo = folder(tmp_path / "repo", "README.md", "exercises/prefill/prefill.py", "exercises/prefill/answers.toml",
                  "exercises/latency/latency.py", "notes/prefill-draft.txt")
    found = Submission.locate(repo, prefill)
    lesson = repo / "exercises" / "prefill"
    assert found == Submission(lesson, lesson / "prefill.py", lesson / "answers.toml")


def test_exercises_lesson_wins_over_a_copy_elsewhere(tmp_path, prefill):
    repo = folder(tmp_path / "repo", "exercises/prefill/prefill.py", "backup/prefill.py")
    assert lesson_folder(repo, prefill) == repo / "exercises" / "prefill"


def test_the_one_folder_holding_the_module_anywhere_in_the_tree(tmp_path, prefill):
    repo = folder(tmp_path / "repo", "course/week2/prefill.py", "course/week2/answers.toml", "answers.toml.bak")
    found = Submission.locate(repo, prefill)
    assert found.path == repo / "course" / "week2" and found.answers == found.path / "answers.toml"
    notebook = folder(tmp_path / "nb", "work/prefill.ipynb")
    assert lesson_folder(notebook, prefill) == notebook / "work"


def test_the_module_in_two_places_is_refused_naming_both(tmp_path, prefill):
    repo = folder(tmp_path / "repo", "mine/prefill.py", "old/prefill.py")
    with pytest.raises(SubmissionError) as info:
        Submission.locate(repo, prefill)
    message = str(info.value)
    assert "in 2 folders" in message and "mine/" in message and "old/" in message and str(repo) in message


def test_hidden_folders_and_caches_are_not_searched(tmp_path, prefill):
    repo = folder(tmp_path / "repo", ".git/objects/prefill.py", "__pycache__/prefill.py", "work/prefill.py")
    assert lesson_folder(repo, prefill) == repo / "work"


def test_links_are_never_followed_to_find_the_files(tmp_path, prefill):
    """A link could lead to the course's own solutions."""
    solutions = folder(tmp_path / "solutions", "prefill/prefill.py", "prefill/answers.toml")
    repo = folder(tmp_path / "repo", "README.md")
    (repo / "exercises").symlink_to(solutions, target_is_directory=True)  # exercises/prefill/ through a link
    (repo / "linked").symlink_to(solutions / "prefill", target_is_directory=True)
    os.symlink(solutions / "prefill" / "prefill.py", repo / "prefill.py")
    with pytest.raises(SubmissionError, match="holds neither"):
        Submission.locate(repo, prefill)
    own = folder(tmp_path / "own", "exercises/placeholder.txt")
    (own / "exercises" / "prefill").symlink_to(solutions / "prefill", target_is_directory=True)
    assert lesson_folder(own, prefill) is None


@pytest.mark.parametrize("make, said", [
    (lambda p: os.symlink("/etc/passwd", p), "prefill.py is a link, and links are never followed"),
    (lambda p: os.mkdir(p), "prefill.py is a folder, not a file"),
    (lambda p: os.mkfifo(p), "prefill.py is not a regular file (a pipe or a device?)"),
])
def test_a_lesson_file_that_is_no_file_is_named_with_why_it_was_passed_over(tmp_path, prefill, make, said):
    """A pipe is never opened (reading it would wait for ever), and is refused like a link or a folder."""
    sub = folder(tmp_path / "s", "notes.txt")
    make(sub / "prefill.py")
    with pytest.raises(SubmissionError, match="holds neither") as info:
        Submission.locate(sub, prefill)
    assert str(info.value).endswith(f"; {said}" + ("" if "link" not in said else " (hand in the file itself)"))


def test_what_stands_behind_a_linked_folder_is_never_described(tmp_path, prefill):
    """exercises/ through a link could lead anywhere on the grader's machine: nothing there is looked at."""
    elsewhere = folder(tmp_path / "elsewhere" / "prefill")
    (elsewhere / "prefill.py").mkdir()
    repo = folder(tmp_path / "repo", "README.md")
    (repo / "exercises").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    with pytest.raises(SubmissionError) as info:
        Submission.locate(repo, prefill)
    assert str(info.value).endswith("every folder below); found: README.md")
    assert "is a folder" not in str(info.value)


def test_beside_a_graded_file_one_passed_over_says_why_in_the_grade(tmp_path, prefill):
    sub = folder(tmp_path / "s")
    (sub / "answers.toml").write_bytes((ROOT / "solutions" / "prefill" / "answers.toml").read_bytes())
    os.symlink(ROOT / "solutions" / "prefill" / "prefill.py", sub / "prefill.py")
    report = grade(sub, lesson=prefill, course=Course(ROOT))
    assert report.task("hand_flops").score == 1
    assert report.task("prefill_flops").score == 0
    assert "prefill.py is a link, and links are never followed" in report.task("prefill_flops").feedback


def test_a_tree_deeper_than_a_submission_may_be_is_searched_only_so_far(tmp_path, prefill):
    deep = tmp_path / "repo" / os.path.join(*["d"] * 40)
    folder(deep, "prefill.py")
    assert lesson_folder(tmp_path / "repo", prefill) is None
