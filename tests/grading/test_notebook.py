"""Notebook submissions end to end: grader.engine.grade on real notebooks, real kernels, the real suite.

What the cells do as the kernel runs them (broken cells, magics, shell escapes, time limits) is
tested in test_notebook_cells.py; the notebooks both files write come from tests/prefill_notebook.py.

Kernel tests take about a second each (a kernel starts per grade); they are marked
``kernel`` and are independent of each other, so they may run in parallel
(``pytest -n 2 -m kernel`` with pytest-xdist).
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import tempfile
from pathlib import Path

import nbformat
import pytest

from grader.authoring.mutants import load_mutants, materialize
from grader.authoring.notebook import lesson_notebook, notebook_text, without_solution_markers
from grader.cli import main
from grader.grading.engine import grade
from grader.grading.notebook import NotebookSubmission
from grader.lesson.course import Course
from grader.submission.files import Submission, choose_lesson

from paths import ROOT
from prefill_notebook import (
    ANSWER_TASKS,
    CODE_TASKS,
    COURSE,
    LESSON,
    SOLUTION,
    code,
    lost,
    one_line,
    reference_cells,
    write_notebook,
)

EXERCISE = ROOT / "exercises" / "prefill"
SOLUTION_SOURCE = without_solution_markers((SOLUTION / "prefill.py").read_text(encoding="utf-8"))
SOLUTION_ANSWERS = without_solution_markers((SOLUTION / "answers.toml").read_text(encoding="utf-8"))

kernel = pytest.mark.kernel


# -- the two forms grade the same ---------------------------------------------------------------


def normalise(text: str) -> str:
    """Feedback with the file and the place in it left out: a line of prefill.py is a cell of the notebook."""
    text = re.sub(r" \(prefill\.(py|ipynb)(, cell \d+)?, line \d+\)", "", text)
    text = re.sub(r"at (line|cell)s? \d+( and \d+)*", "at …", text)  # "your work at line 9, the stub at cell 4"
    return text.replace("prefill.ipynb", "prefill.py")


def same_grade(py_report, notebook_report) -> None:
    for py_task, nb_task in zip(py_report.tasks, notebook_report.tasks, strict=True):
        assert (nb_task.id, nb_task.score, nb_task.status) == (py_task.id, py_task.score, py_task.status)
        assert normalise(nb_task.feedback) == normalise(py_task.feedback), nb_task.id
        assert [c.passed for c in nb_task.checks] == [c.passed for c in py_task.checks], nb_task.id


# A module with a line at the top that raises scores 0 on every code task; the same code as a
# notebook is one broken cell among working ones, which is the point of notebooks (see
# test_broken_cells_...). A function that does not compile costs its task in both forms, but a
# module's report shows the caret where a notebook's names the cell. A notebook built from a
# module holds one definition per function, so stubs left below the work cannot be carried over
# (test_a_stub_cell_below_the_work_is_said_to_replace_it does it by hand).
DIFFERENT_BY_DESIGN = {"import_error", "demo_at_top_level", "stubs_left_below"}
MODULE_MUTANTS = [m for m in load_mutants(LESSON)
                  if m.changes(LESSON, LESSON.module) and m.name not in DIFFERENT_BY_DESIGN]


@kernel
@pytest.mark.parametrize("mutant", [None, *MODULE_MUTANTS], ids=lambda m: m.name if m else "reference")
def test_equivalent_code_gets_identical_scores_and_feedback(tmp_path, mutant):
    folder = tmp_path / "py" / "prefill"
    if mutant:
        materialize(mutant, LESSON, SOLUTION, folder)
    else:
        shutil.copytree(SOLUTION, folder)
    source = (folder / "prefill.py").read_text(encoding="utf-8")
    notebook = tmp_path / "nb" / "prefill.ipynb"
    notebook.parent.mkdir()
    notebook.write_text(notebook_text(lesson_notebook(LESSON, source, SOLUTION_ANSWERS, strict=False)),
                        encoding="utf-8")
    # the same limits for both forms; a hang costs one call limit per form, so make it short
    lesson = dataclasses.replace(LESSON, call_seconds=2.0) if mutant and "hang" in mutant.name else LESSON
    py_report, nb_report = grade(folder, lesson=lesson, course=COURSE), grade(notebook, lesson=lesson, course=COURSE)
    same_grade(py_report, nb_report)
    assert lost(nb_report) == (mutant.fails if mutant else set())
    assert nb_report.stand_ins == py_report.stand_ins  # a module the grader lacks: stood in for in both forms
    cells_only = "; a line of a cell, outside every function, that needs it does nothing."  # a notebook's own
    module_only = ("; a line outside every function that needs it does nothing (a demo belongs under "
                   "`if __name__ == \"__main__\":`, which the grader does not run).")  # a module file's own
    assert [normalise(n).replace(cells_only, ".") for n in nb_report.notes] == \
        [normalise(n).replace(module_only, ".") for n in py_report.notes]
    assert len(nb_report.notes) == bool(nb_report.stand_ins)  # that note alone


ANSWER_MUTANTS = [m for m in load_mutants(LESSON) if m.changes(LESSON, LESSON.answers)]


@pytest.mark.parametrize("mutant", ANSWER_MUTANTS, ids=lambda m: m.name)
def test_answers_in_the_notebook_grade_like_answers_toml(tmp_path, mutant):
    """No kernel needed: answers are read as text in both forms."""
    from grader.grading.answers import grade_answer, load_answers

    answers = materialize(mutant, LESSON, SOLUTION, tmp_path / "prefill") / LESSON.answers
    text = answers.read_text(encoding="utf-8")
    notebook = tmp_path / "prefill.ipynb"
    notebook.write_text(notebook_text(lesson_notebook(LESSON, SOLUTION_SOURCE, text, strict=False)), encoding="utf-8")
    cells, problem, name = NotebookSubmission(Submission.locate(notebook, LESSON), LESSON).answers()
    toml, toml_problem = load_answers(answers, LESSON.answers)
    for task in LESSON.tasks:
        if not task.is_code:
            from_cells, from_toml = grade_answer(task, cells, problem, name), grade_answer(task, toml, toml_problem,
                                                                                          LESSON.answers)
            assert (from_cells.passed, from_cells.message) == (from_toml.passed, from_toml.message), task.id
    failed = {t.id for t in LESSON.tasks if not t.is_code and not grade_answer(t, cells, problem, name).passed}
    assert failed == mutant.fails


# -- the exercise and the reference -------------------------------------------------------------


@kernel
def test_the_exercise_notebook_prints_the_zero_table_with_feedback(capsys):
    assert main(["--course", str(ROOT), "grade", str(EXERCISE / "prefill.ipynb")]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the table wraps long feedback
    assert "Total: 0/17 (0%)" in out
    for task in LESSON.code_tasks:
        assert f"not implemented yet: {task.function} still has only `pass` in its body" in out
    assert out.count("not answered yet") >= len(ANSWER_TASKS)
    assert "About the submission" not in out  # the stubs run without a single failing cell


@kernel
def test_the_reference_notebook_scores_full_marks_and_calls_reach_the_kernel(tmp_path):
    report = grade(write_notebook(tmp_path, reference_cells()), course=COURSE)
    assert report.score == report.max_score == 17
    assert report.notes == [] and report.sandbox

def test_kernels_started_again_never_run_past_the_submissions_whole_budget(tmp_path):
    """Issue 25's fourth battery (7f): slow cells, and functions that each end the kernel. A kernel started again
    costs the cells' time, charged to the task that needs it; a notebook's tasks share the whole budget (a kernel
    costs more to start than a fork), and every task restarted it (155 s against 60 + 10 s). Restarts stop where
    the next would run past the whole budget."""
    from dataclasses import replace

    ends = "import os\n\n" + "".join(f"def {t.function}(*args, **kwargs):\n    os._exit(1)\n\n"
                                        for t in LESSON.code_tasks)
    report = grade(write_notebook(tmp_path, [code("import time\ntime.sleep(2)"), code(ends)]),
                   lesson=replace(LESSON, submission_seconds=10.0), course=COURSE)
    said = " ".join(c.message for t in report.tasks for c in t.checks)
    assert "the submission's time limit (10 s) is nearly used up" in said, said[:600]
    assert report.execution_time < 10 + 3 * 4 + 30  # the first start, the budget, a restart's cells, slack


# -- bad notebooks: one line, what can be scored is scored, normal exit ----------------------------


def folder_with(tmp_path: Path, notebook_bytes: bytes, answers: bool = True) -> Path:
    folder = tmp_path / "prefill"
    folder.mkdir()
    (folder / "prefill.ipynb").write_bytes(notebook_bytes)
    if answers:
        shutil.copyfile(SOLUTION / "answers.toml", folder / "answers.toml")
    return folder


@pytest.mark.parametrize("content, reason", [
    (b'{"nbformat": 4, "cells": [', "prefill.ipynb is not valid JSON (line 1, column 27"),
    (json.dumps({"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": []}).encode(),
     "prefill.ipynb is in notebook format 3, from before 2015"),
    (json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "only text"}]}).encode(),
     "prefill.ipynb has no code cells"),
    ('{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code", "id": "a", "metadata": {}, '
     '"outputs": [], "execution_count": null, "source": "x = \'é\'"}]}'.encode("latin-1"),
     "prefill.ipynb is not UTF-8 text"),
], ids=["invalid-json", "nbformat-3", "no-code-cells", "not-utf8"])
def test_an_unreadable_notebook_gives_one_line_and_the_answers_are_still_graded(tmp_path, capsys, content, reason):
    folder = folder_with(tmp_path, content)
    assert main(["--course", str(ROOT), "grade", str(folder), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    report = json.loads(captured.out)
    scores = {t["id"]: t["score"] for t in report["tasks"]}
    assert all(scores[t] == 0 for t in CODE_TASKS) and all(scores[t] == 1 for t in ANSWER_TASKS)
    for task in report["tasks"]:
        if task["id"] in CODE_TASKS:
            assert task["status"] == "error" and one_line(task["feedback"]).startswith(reason)


def test_an_unreadable_notebook_alone_says_so_for_the_answers_too(tmp_path):
    report = grade(folder_with(tmp_path, b"not json", answers=False), course=COURSE)
    assert report.score == 0
    assert all(one_line(t.feedback).startswith("prefill.ipynb is not valid JSON") for t in report.tasks)


@kernel
def test_duplicate_and_missing_cell_ids_are_noted_and_graded(tmp_path):
    path = write_notebook(tmp_path, reference_cells())
    data = json.loads(path.read_text())
    data["cells"][1]["id"] = data["cells"][0]["id"]
    del data["cells"][2]["id"]
    path.write_text(json.dumps(data))
    report = grade(path, course=COURSE)
    assert report.score == report.max_score
    assert any("have the same id" in one_line(note) for note in report.notes)
    assert any("has no id, which notebook format 4.5 requires" in one_line(note) for note in report.notes)


@kernel
def test_huge_stored_outputs_are_ignored_with_a_note(tmp_path):
    cells = reference_cells()
    cells[5].outputs = [nbformat.v4.new_output("stream", name="stdout", text="x" * (5 * 1024 * 1024))]
    cells[0].attachments = {"plot.png": {"image/png": "iVBORw0KGgo=" * 100000}}  # markdown cells hold attachments
    cells[5].execution_count = 3
    report = grade(write_notebook(tmp_path, cells), course=COURSE)
    assert report.score == report.max_score
    assert [one_line(n) for n in report.notes] == [
        ("prefill.ipynb stores 6.1 MB of outputs and attachments; the grader ignores them and runs every cell again "
         "(clearing all outputs before saving keeps the file small)")]


def test_a_notebook_too_large_to_read_gives_one_line(tmp_path, monkeypatch):
    from grader.submission import notebook as read

    monkeypatch.setattr(read, "MAX_NOTEBOOK_BYTES", 100_000)
    cells = reference_cells()
    cells[5].outputs = [nbformat.v4.new_output("stream", name="stdout", text="x" * 200_000)]
    folder = tmp_path / "prefill"
    write_notebook(folder, cells)
    shutil.copyfile(SOLUTION / "answers.toml", folder / "answers.toml")
    report = grade(folder, course=COURSE)
    assert {t.id for t in report.tasks if t.score} == set(ANSWER_TASKS)
    assert one_line(report.task("causal_mask").feedback).startswith("prefill.ipynb is 0.2 MB, more than the 0.1 MB")


@kernel
def test_a_kernelspec_that_is_not_installed_is_noted_and_run_with_python(tmp_path):
    path = write_notebook(tmp_path, reference_cells(), kernelspec={"name": "julia-1.9", "language": "julia",
                                                                    "display_name": "Julia 1.9"})
    report = grade(path, course=COURSE)
    assert report.score == report.max_score
    assert [one_line(n) for n in report.notes] == [
        ("prefill.ipynb asks for the kernel 'julia-1.9' (julia), which is not installed here; the grader ran it with "
         "Python 3 (ipykernel), so code in another language fails")]


# -- which file of a folder, and which answers ----------------------------------------------------


def exercise_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "prefill"
    shutil.copytree(EXERCISE, folder)
    return folder


def test_a_folder_with_both_forms_grades_the_one_that_was_worked_on(tmp_path):
    folder = exercise_folder(tmp_path)
    assert Submission.locate(folder, LESSON).module == folder / "prefill.py"  # both untouched: the module
    write_notebook(folder, reference_cells())
    found = Submission.locate(folder, LESSON)
    assert (found.module, found.notebook, found.answers) == (None, folder / "prefill.ipynb", folder / "answers.toml")
    shutil.copyfile(SOLUTION / "prefill.py", folder / "prefill.py")
    assert Submission.locate(folder, LESSON).notebook is None  # a worked module always wins


def test_answers_come_from_answers_toml_unless_it_answers_nothing(tmp_path):
    folder = exercise_folder(tmp_path)
    write_notebook(folder, reference_cells())
    submission = NotebookSubmission(Submission.locate(folder, LESSON), LESSON)
    answers, problem, name = submission.answers()
    assert (answers["quiz"], problem, name) == ("B", None, "prefill.ipynb")
    assert "answers.toml answers nothing, so the answers were graded from the ANSWERS cells" in submission.notes[-1]
    shutil.copyfile(SOLUTION / "answers.toml", folder / "answers.toml")
    answers, problem, name = NotebookSubmission(Submission.locate(folder, LESSON), LESSON).answers()
    assert name == "answers.toml"


def test_a_notebook_without_answers_cells_or_answers_toml_says_where_answers_go(tmp_path):
    path = write_notebook(tmp_path, [code("def causal_mask(P):\n    pass")])
    answers, problem, _ = NotebookSubmission(Submission.locate(path, LESSON), LESSON).answers()
    assert answers is None and "has no ANSWERS cell (a code cell starting with '# ANSWERS')" in one_line(problem)


def test_a_notebook_file_of_another_name_is_still_a_notebook(tmp_path):
    path = write_notebook(tmp_path, [code("x = 1")], name="my work.ipynb")
    assert Submission.locate(path, LESSON).notebook == path


@kernel
def test_limited_mode_grades_the_same_and_leaves_nothing_in_tmp(tmp_path, monkeypatch):
    from grader.grading import notebook as grading
    from grader.sandbox import confine

    folders, original = [], grading.NotebookProcess

    def recording(*args, **kwargs):
        folders.append(kwargs["tmpdir"])  # the kernel's sockets and files go into it
        return original(*args, **kwargs)

    monkeypatch.setattr(grading, "NotebookProcess", recording)
    monkeypatch.setenv("GRADER_SANDBOX", "limited")
    confine.current.cache_clear()
    try:
        report = grade(write_notebook(tmp_path, reference_cells()), course=COURSE)
    finally:
        confine.current.cache_clear()
    assert report.sandbox.startswith("limited") and report.score == report.max_score
    assert folders and all(folder is not None and folder.parent.parent == Path(tempfile.gettempdir())
                           for folder in folders)  # the grade's own folder, not the machine's /tmp itself
    assert not any(folder.exists() for folder in folders)


@pytest.fixture
def deep_tmpdir(tmp_path, monkeypatch):
    """The machine's temporary folder 150 bytes deep (a TMPDIR in a cluster's scratch space): a kernel's
    Unix socket below it would be longer than the 107 bytes a socket path may have."""
    from grader.sandbox import confine

    deep = tmp_path / ("x" * 150)
    deep.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(deep))
    monkeypatch.setenv("GRADER_SANDBOX", "limited")  # bubblewrap gives the worker a /tmp of its own instead
    confine.current.cache_clear()
    yield deep
    confine.current.cache_clear()


@kernel
def test_limited_mode_under_a_deep_temporary_folder_grades_in_a_short_one(deep_tmpdir):
    """The reference notebook scored 4/17 here: its kernel could not connect ("File name too long"), and
    after 160 s every code task read "running prefill.ipynb did not finish"."""
    report = grade(write_notebook(deep_tmpdir / "work", reference_cells()), course=COURSE)
    assert report.score == report.max_score == 17, report.to_dict()
    assert not list(deep_tmpdir.glob("grader-*"))  # the grade's folder was made in a short place instead


@kernel
def test_a_kernel_that_cannot_connect_before_any_cell_ran_is_the_graders_fault_at_once(deep_tmpdir, monkeypatch):
    from grader.exceptions import SandboxFailed
    from grader.sandbox import canary, stage

    monkeypatch.setattr(stage, "SHORT_ROOTS", ())  # nowhere shorter to go
    monkeypatch.setattr(canary, "_state", None)
    with pytest.raises(SandboxFailed) as stopped:
        grade(write_notebook(deep_tmpdir / "work", reference_cells()), course=COURSE)
    assert "the Python kernel could not be reached (ZMQError: " in str(stopped.value)
    assert "not the submission's" in str(stopped.value)


def test_a_notebook_names_its_lesson_in_a_course_of_several(tmp_path):
    root = tmp_path / "course"
    for lesson_id in ("alpha", "beta"):
        suite = root / "suites" / lesson_id
        shutil.copytree(ROOT / "suites" / "prefill", suite)
        manifest = suite / "lesson.toml"
        text = manifest.read_text(encoding="utf-8")
        text = re.sub(r'(?m)^id = "prefill"', f'id = "{lesson_id}"', text)
        manifest.write_text(re.sub(r'(?m)^module = "prefill.py"', f'module = "{lesson_id}.py"', text), encoding="utf-8")
    course = Course(root)
    assert choose_lesson(course, write_notebook(tmp_path / "work", [code("x = 1")], name="beta.ipynb")).lesson.id \
        == "beta"
    folder = tmp_path / "submission"
    write_notebook(folder, [code("x = 1")], name="alpha.ipynb")
    assert choose_lesson(course, folder).lesson.id == "alpha"
