"""grader.authoring.scaffold and `grader new`: a new lesson is a folder, and it validates out of the box."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from grader.authoring import docs
from grader.authoring.diagnoses import markdown, proofs
from grader.authoring.exercises import find_drift
from grader.authoring.mutants import load_mutants
from grader.authoring.public import public_suite
from grader.authoring.release import release
from grader.authoring.scaffold import new_lesson
from grader.authoring.validate import validate
from grader.cli import main
from grader.exceptions import UsageError
from grader.grading.engine import grade
from grader.lesson.course import Course
from grader.lesson.options import markdown_table

from paths import ROOT


@pytest.fixture
def course(tmp_path) -> Course:
    (tmp_path / "suites").mkdir()
    return Course(tmp_path)


def test_a_new_lesson_has_every_piece(course):
    written = new_lesson(course, "decode")
    root = course.root
    assert set(written) == {root / "suites/decode/lesson.toml", root / "suites/decode/test_double.py",
                            root / "suites/decode/diagnoses.toml", root / "suites/decode/notebook.md",
                            root / "suites/decode/mutants/added_two.py",
                            root / "suites/decode/mutants/forgot_to_double.toml",
                            root / "suites/decode/mutants/quiz_no.toml",
                            root / "solutions/decode/decode.py", root / "solutions/decode/answers.toml",
                            root / "exercises/decode/decode.py", root / "exercises/decode/answers.toml",
                            root / "exercises/decode/decode.ipynb", root / "exercises/decode/README.md"}
    lesson = course.lesson("decode")
    assert [t.id for t in lesson.tasks] == ["double", "by_hand", "quiz"] and len(lesson.facts) == 1
    assert lesson.task("quiz").answer.kind == "choice" and lesson.task("quiz").answer.choices == {"A": "Yes", "B": "No"}
    assert [e.code for e in lesson.diagnoses] == ["double.added-two", "by-hand.not-doubled", "quiz.doubling-adds"]
    assert (root / "exercises/decode/decode.py").read_text() == "def double(x):\n    pass\n"
    assert 'doubled = ""' in (root / "exercises/decode/answers.toml").read_text()
    assert 'quadruple = ""' in (root / "exercises/decode/answers.toml").read_text()
    assert find_drift(course, lesson) == []
    assert {m.name: (m.fails, m.diagnoses) for m in load_mutants(lesson)} == {
        "added_two": ({"double"}, {"double.added-two"}), "forgot_to_double": ({"by_hand"}, {"by-hand.not-doubled"}),
        "quiz_no": ({"quiz"}, {"quiz.doubling-adds"})}


def test_a_new_lesson_validates_out_of_the_box(course):
    new_lesson(course, "decode")
    out = io.StringIO()
    assert validate(course, stream=out), out.getvalue()
    assert "mutation score: 3/3" in out.getvalue() and "all 1 as the lesson states  all agree" in out.getvalue()
    assert "each proved by a mutant" in out.getvalue() and "specific diagnosis: 3/3 mutants" in out.getvalue()


def test_a_new_lesson_teaches_with_its_hints_though_its_checks_default_to_hidden(course, tmp_path):
    """Issue 16: following the docs (default = "hidden") hid the answer hints: students read only
    "you answered '21', which is not right"."""
    new_lesson(course, "decode")
    submission = tmp_path / "submission"
    submission.mkdir()
    shutil.copy(course.root / "solutions" / "decode" / "decode.py", submission)
    (submission / "answers.toml").write_text('doubled = "21"\nquadruple = "B"\n')
    report = grade(submission, lesson="decode", course=course).for_audience("student")
    assert "you answered '21': That is 21 itself: double it." in report.task("by_hand").feedback
    assert "2 · 2 = 4" in report.task("quiz").feedback
    assert course.lesson("decode").task("double").visibility_of("agrees_with_the_solution") == "hidden"


def test_a_new_lesson_s_notebook_is_built_and_its_stub_scores_zero(course):
    new_lesson(course, "decode")
    notebook = course.root / "exercises" / "decode" / "decode.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    assert any(c["cell_type"] == "code" and "def double(x):" in "".join(c["source"]) for c in cells)
    assert sum("# ANSWERS" in "".join(c["source"]) for c in cells) == 2
    report = grade(notebook, lesson="decode", course=course)
    assert report.score == 0 and all(t.not_started for t in report.tasks)


def test_a_new_lesson_is_hidden_by_default_but_for_its_example_check(course):
    new_lesson(course, "decode")
    lesson = course.lesson("decode")
    assert public_suite(lesson).public == {"double": ["small_number"]}
    assert lesson.task("double").visibility_of("agrees_with_the_solution") == "hidden"


def test_a_new_lesson_releases(course, tmp_path):
    new_lesson(course, "decode")
    done = release(course, tmp_path / "dist")
    checks = (done.student / "suites" / "decode" / "test_double.py").read_text()
    assert "def test_small_number" in checks and "agrees_with_the_solution" not in checks
    assert not (done.student / "suites" / "decode" / "reference_calls.json").exists()  # no public check needs one
    assert not (done.student / "solutions").exists()
    assert 'LESSON="${GRADER_LESSON:-decode}"' in (done.autograder / "run_autograder").read_text()


def test_a_new_lesson_beside_prefill(tmp_path):
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    course = Course(tmp_path)
    before = course.lesson_ids()
    new_lesson(course, "decode")
    assert "prefill" in before and course.lesson_ids() == sorted([*before, "decode"])
    assert validate(course, lesson="decode", stream=io.StringIO())


@pytest.mark.parametrize("name, message", [
    ("Decode", "cannot name a lesson"),
    ("two words", "cannot name a lesson"),
    ("1st", "cannot name a lesson"),
    ("numpy", "already the name of an importable module"),
    ("json", "already the name of an importable module"),
])
def test_bad_names_are_refused(course, name, message):
    with pytest.raises(UsageError, match=message):
        new_lesson(course, name)
    assert list(course.root.iterdir()) == [course.root / "suites"]


def test_an_existing_lesson_is_never_overwritten(course):
    (course.root / "solutions" / "decode").mkdir(parents=True)
    (course.root / "solutions" / "decode" / "decode.py").write_text("mine")
    with pytest.raises(UsageError, match="solutions/decode already exists"):
        new_lesson(course, "decode")
    assert (course.root / "solutions" / "decode" / "decode.py").read_text() == "mine"
    assert not (course.root / "suites" / "decode").exists()


def test_cli_new_writes_where_the_instructor_stands(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GRADER_COURSE", raising=False)
    assert main(["new", "decode"]) == 0
    assert (tmp_path / "suites" / "decode" / "lesson.toml").is_file()
    assert "grader validate --lesson decode" in capsys.readouterr().out
    inner = tmp_path / "suites" / "decode"
    monkeypatch.chdir(inner)  # inside a course: the course, not the working folder
    assert main(["new", "encode"]) == 0
    assert (tmp_path / "suites" / "encode").is_dir() and not (inner / "suites").exists()
    assert main(["new", "decode"]) == 2
    assert "already exists" in capsys.readouterr().err


def test_an_unwritable_course_is_a_usage_error(course):
    (course.root / "solutions").write_text("a file where the folder should be")
    with pytest.raises(UsageError, match="cannot write lesson 'decode' in"):
        new_lesson(course, "decode")


def test_a_new_lesson_takes_its_place_last_in_course_toml_keeping_its_comments(tmp_path):
    for lesson in ("prefill", "latency"):
        shutil.copytree(ROOT / "suites" / lesson, tmp_path / "suites" / lesson)
    (tmp_path / "course.toml").write_text('# teaching order\nlessons = [\n    "prefill",  # first\n    "latency",\n]\n')
    course = Course(tmp_path)
    assert tmp_path / "course.toml" in new_lesson(course, "decode")
    assert course.declared() == ["prefill", "latency", "decode"] and course.default_lesson().id == "prefill"
    text = (tmp_path / "course.toml").read_text()
    assert "# teaching order" in text and "# first" in text


def test_a_course_of_one_lesson_keeps_its_default_when_a_second_arrives(tmp_path):
    """Two lessons and no course.toml have no default: make grade would start asking for LESSON=."""
    shutil.copytree(ROOT / "suites" / "prefill", tmp_path / "suites" / "prefill")
    course = Course(tmp_path)
    new_lesson(course, "decode")
    assert course.declared() == ["prefill", "decode"] and course.default_lesson().id == "prefill"


def test_a_course_toml_this_cannot_follow_is_left_as_it_is(tmp_path):
    shutil.copytree(ROOT / "suites" / "prefill", tmp_path / "suites" / "prefill")
    # a "]" in a comment inside the list: extending it here would write the new id into the comment
    (tmp_path / "course.toml").write_text('lessons = ["prefill", # comment ]\n]\n')
    before = (tmp_path / "course.toml").read_text()
    course = Course(tmp_path)
    assert tmp_path / "course.toml" not in new_lesson(course, "decode")
    assert (tmp_path / "course.toml").read_text() == before and course.declared() == ["prefill"]


FEEDBACK = "feedback.md"  # docs/feedback.md, the table of every diagnosis


def _repository_course(tmp_path) -> Path:
    """A copy of the repository's course with its generated docs: what an instructor adds a lesson to."""
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "course.toml", tmp_path)
    (tmp_path / "docs").mkdir()
    for name in (FEEDBACK, docs.AUTHORING):
        shutil.copy(ROOT / "docs" / name, tmp_path / "docs")
    return tmp_path


def test_a_new_lesson_keeps_the_generated_docs_that_make_test_compares(tmp_path, capsys):
    """Issue 24: `grader new` left docs/feedback.md without the new lesson's diagnoses, so `make test`
    failed ('docs/feedback.md has drifted') and nothing said to run `make docs`."""
    root = _repository_course(tmp_path)
    assert main(["--course", str(root), "new", "decode"]) == 0
    out = capsys.readouterr().out
    course = Course(root)
    lessons = [course.lesson(i) for i in course.lesson_ids()]
    feedback = (root / "docs" / FEEDBACK).read_text(encoding="utf-8")
    assert feedback == markdown(lessons, proofs(lessons))  # what tests/authoring/test_diagnoses.py compares
    assert "`double.added-two`" in feedback
    assert docs.generated((root / "docs" / docs.AUTHORING).read_text(encoding="utf-8"), "options") == markdown_table()
    assert f"wrote {root / 'docs' / FEEDBACK}\n" in out and "'make docs'" in out


def test_a_feedback_page_of_the_courses_own_is_left_alone(course, capsys):
    (course.root / "docs").mkdir()
    (course.root / "docs" / FEEDBACK).write_text("# Our feedback policy\n\nBe kind.\n")
    (course.root / "docs" / docs.AUTHORING).write_text("# How we write lessons\n")  # no generated block
    written = new_lesson(course, "decode")
    assert not [path for path in written if path.parent.name == "docs"]
    assert (course.root / "docs" / FEEDBACK).read_text() == "# Our feedback policy\n\nBe kind.\n"
    assert (course.root / "docs" / docs.AUTHORING).read_text() == "# How we write lessons\n"
