"""grader.lesson.course: finding the course, its lessons, their declared order (course.toml) and the default."""

from __future__ import annotations

import pytest

from grader.exceptions import ConfigError, UsageError
from grader.lesson.course import Course, course_toml, find_course

from courses import add_lesson, folder
from paths import ROOT


@pytest.fixture
def course(tmp_path) -> Course:
    root = tmp_path / "course"
    add_lesson(root, "alpha", "alpha.py")
    add_lesson(root, "beta", "beta.py")
    return Course(root)


@pytest.fixture
def no_env(monkeypatch):
    monkeypatch.delenv("GRADER_COURSE", raising=False)


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


def test_no_lessons(tmp_path):
    (tmp_path / "suites").mkdir()
    assert Course(tmp_path).lesson_ids() == []
    with pytest.raises(UsageError, match="no lessons"):
        Course(tmp_path).default_lesson()


# ---------------------------------------------------------------------------- course.toml: order and default

def declare(course: Course, text: str) -> Course:
    (course.root / "course.toml").write_text(text, encoding="utf-8")
    return course


def test_course_toml_declares_the_teaching_order_and_its_first_lesson_is_the_default(course):
    declare(course, 'lessons = ["beta", "alpha"]\n')
    assert course.declared() == ["beta", "alpha"] and course.ordered_ids() == ["beta", "alpha"]
    assert course.default_lesson().id == "beta"
    assert course.lesson_ids() == ["alpha", "beta"]  # tools keep their stable, sorted order


def test_a_lesson_left_out_of_course_toml_is_still_a_lesson_but_never_the_default(course):
    add_lesson(course.root, "gamma", "gamma.py")
    declare(course, 'lessons = ["beta"]\n')
    assert course.ordered_ids() == ["beta", "alpha", "gamma"]
    assert course.default_lesson().id == "beta" and course.lesson("gamma").id == "gamma"


def test_without_course_toml_one_lesson_is_the_default_and_several_have_none(course, tmp_path):
    root = tmp_path / "single"
    add_lesson(root, "alpha", "alpha.py")
    assert Course(root).declared() is None and Course(root).default_lesson().id == "alpha"
    assert course.declared() is None and course.ordered_ids() == ["alpha", "beta"]
    with pytest.raises(UsageError) as info:  # never the alphabetically first: nobody declared that order
        course.default_lesson()
    message = str(info.value)
    assert "alpha, beta" in message and "--lesson" in message and "course.toml" in message


@pytest.mark.parametrize("text, key, problem", [
    ("lessons = 3\n", "lessons", "must list the course's lessons"),
    ("lessons = []\n", "lessons", "must list the course's lessons"),
    ("title = 'x'\n", "lessons", "must list the course's lessons"),
    ('lessons = ["alpha", 2]\n', "lessons[1]", "must be a lesson id"),
    ('lessons = ["alpha", "alpha"]\n', "lessons[1]", "listed twice"),
    ('lessons = ["alpha", "gamma"]\n', "lessons[1]", "names no lesson of"),
    ("lessons = [\n", None, "is not valid TOML"),
], ids=["not-a-list", "empty", "missing", "not-a-string", "twice", "unknown", "not-toml"])
def test_a_broken_course_toml_is_a_config_error_naming_file_and_key(course, text, key, problem):
    declare(course, text)
    with pytest.raises(ConfigError) as info:
        course.default_lesson()
    assert info.value.source == str(course.root / "course.toml") and info.value.key == key
    assert problem in str(info.value)


def test_course_toml_text_round_trips(course):
    declare(course, course_toml(["beta", "alpha"]))
    assert course.declared() == ["beta", "alpha"]


def test_the_repository_declares_prefill_first():
    assert Course(ROOT).ordered_ids()[:2] == ["prefill", "latency"]
    assert Course(ROOT).default_lesson().id == "prefill"


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


# ---------------------------------------------------------------------------- the term's salt

def test_the_salt_is_read_from_the_term_table(tmp_path):
    course = Course(tmp_path)
    assert course.salt() is None  # no course.toml
    (tmp_path / "course.toml").write_text('lessons = []\n[term]\nsalt = "2025-autumn"\n', encoding="utf-8")
    assert course.salt() == "2025-autumn"
    (tmp_path / "course.toml").write_text('lessons = []\n', encoding="utf-8")
    assert course.salt() is None


@pytest.mark.parametrize("text", ['[term]\nsalt = 7\n', '[term]\nsalt = ""\n', 'term = "x"\n',
                                  '[term]\nsalt = "two\\nlines"\n'])
def test_a_salt_that_is_not_a_line_of_text_is_refused(tmp_path, text):
    (tmp_path / "course.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        Course(tmp_path).salt()
    assert raised.value.key == "term.salt" and raised.value.source.endswith("course.toml")


def test_a_bundles_course_toml_carries_the_salt(tmp_path):
    (tmp_path / "suites" / "alpha").mkdir(parents=True)
    (tmp_path / "course.toml").write_text(course_toml(["alpha"], 'a "quoted" salt'), encoding="utf-8")
    assert Course(tmp_path).salt() == 'a "quoted" salt'
    assert "[term]" not in course_toml(["alpha"])


def test_the_courses_own_salt_is_set():
    assert Course(ROOT).salt()  # the lessons have parameters: a student id needs it
