"""Answers as people type them, end to end through `grader grade`: each answer on its own, the question's own forms.

An answers.toml with lines TOML refuses (no quotes, a word processor's curly ones) is graded
as typed and says so once, naming the lines and how to write them; a notebook whose quiz is
typed in the first ANSWERS cell keeps it although the second still holds the template's empty
``quiz = ""``; an unreadable answer shows the question's own accepted forms in every format,
never a promise of forms that do not follow.
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

from grader.authoring.notebook import reference_notebook, without_solution_markers
from grader.grading.notebook import NotebookSubmission
from grader.lesson.course import Course
from grader.submission.files import Submission

from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
SOLUTION = ROOT / "solutions" / "prefill"
FORMS = "For this question, for example:"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def folder_with(tmp_path: Path, answers: str) -> Path:
    folder = tmp_path / "prefill"
    folder.mkdir()
    source = without_solution_markers((SOLUTION / "prefill.py").read_text(encoding="utf-8"))
    (folder / "prefill.py").write_text(source, encoding="utf-8")
    (folder / "answers.toml").write_text(answers, encoding="utf-8")
    return folder


BROKEN = ('# my answers\nflops = "≈ 1.4e13"\nseconds = "280 ms"\npairs = "ten"\n'
          "I wasn't sure about this one:\nquiz = B\n")


def test_a_line_typed_without_quotes_is_graded_as_typed_and_said_once_with_the_stray_line(tmp_path):
    folder = folder_with(tmp_path, BROKEN)
    result = run("grade", str(folder), "--format", "json", "--format", f"text:{tmp_path / 'report.txt'}")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["score"] == report["max_score"] == 17, {t["id"]: t["feedback"] for t in report["tasks"]}
    typed, stray = report["notes"]  # the line read as typed and the stray line: said once each, about the file
    assert typed.startswith("answers.toml line 6 is not valid TOML") and typed.endswith('as in: quiz = "B"')
    assert stray.startswith("answers.toml line 5") and "left out" in stray
    text = " ".join((tmp_path / "report.txt").read_text(encoding="utf-8").split())
    assert text.count("line 6 is not valid TOML") == 1 and text.count("line 5") == 1
    assert "Total: 17/17" in text


WORD = "flops = “1.4e13”\nseconds = .28\npairs = 10 (ten)\nquiz = ‘B’\n"


def test_a_word_processors_answers_file_gets_every_point_and_one_note(tmp_path):
    report = json.loads(run("grade", str(folder_with(tmp_path, WORD)), "--format", "json").stdout)
    assert report["score"] == report["max_score"] == 17, {t["id"]: t["feedback"] for t in report["tasks"]}
    (note,) = report["notes"]
    assert note.startswith("answers.toml lines 1, 2, 3 and 4 are not valid TOML (“curly” quotes")
    assert note.endswith('as in: flops = "1.4e13"; seconds = ".28"; pairs = "10 (ten)"; quiz = "B"')


def test_an_unparsable_file_as_a_whole_is_still_refused_in_one_line(tmp_path):
    folder = folder_with(tmp_path, "this is not an answers file\nat all\n")
    report = json.loads(run("grade", str(folder), "--format", "json").stdout)
    feedback = {t["id"]: t["feedback"] for t in report["tasks"] if t["id"] in ("hand_flops", "quiz")}
    assert all(f.startswith("answers.toml is not valid TOML") and "line 1" in f for f in feedback.values())


def test_an_unreadable_answer_shows_the_questions_own_forms_in_every_format(tmp_path):
    folder = folder_with(tmp_path, 'flops = "2 × 7e9 × 1000"\nseconds = "0.28 pairs"\npairs = 10\nquiz = "B"\n')
    out = {name: tmp_path / f"report.{name}" for name in ("text", "json", "markdown", "html", "junit", "gradescope")}
    args = [a for name, path in out.items() for a in ("--format", f"{name}:{path}")]
    assert run("grade", str(folder), *args).returncode == 0
    texts = {name: path.read_text(encoding="utf-8") for name, path in out.items()}
    flat = {name: " ".join(html.unescape(text).split()) for name, text in texts.items()}  # HTML and XML escape '"
    for name, text in flat.items():
        assert "accepted forms follow" not in text, name
        assert "250 ms" in text and "25 TFLOPs" in text, name  # each question's own unit and size
        assert "'0.28 pairs' ends in 'pairs', which is not a unit of this question" in text, name
    json.loads(texts["json"])
    ET.fromstring(texts["junit"].encode("utf-8"))
    report = json.loads(texts["json"])
    seconds = next(t for t in report["tasks"] if t["id"] == "hand_seconds")
    assert seconds["diagnoses"][0]["code"] == "answers.unreadable"
    assert FORMS in seconds["diagnoses"][0]["hint"] and "(units: s, ms, µs or ns)" in seconds["diagnoses"][0]["hint"]


# ---------------------------------------------------------------------------- the notebook's two ANSWERS cells

def notebook_with(tmp_path: Path, first_extra: str, second_quiz: str) -> Path:
    """The reference notebook with ``first_extra`` added to the first ANSWERS cell and the second's quiz line set."""
    nb = nbformat.reads(reference_notebook(LESSON, SOLUTION), as_version=4)
    answers = [cell for cell in nb.cells if cell.cell_type == "code" and cell.source.startswith("# ANSWERS")]
    assert len(answers) == 2
    answers[0].source += "\n" + first_extra
    answers[1].source = answers[1].source.replace('quiz = "B"', second_quiz)
    path = tmp_path / "prefill.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.kernel
def test_a_quiz_typed_in_the_first_answers_cell_survives_the_templates_empty_one(tmp_path):
    notebook = notebook_with(tmp_path, 'quiz = "No, because of causal masking"', 'quiz = ""')
    result = run("grade", str(notebook), "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {t["id"]: t["status"] for t in report["tasks"]}["quiz"] == "passed"
    assert report["score"] == report["max_score"] == 17 and report["notes"] == []


@pytest.mark.parametrize("first, second, passed", [
    ('quiz = "A"', 'quiz = "B"', False),
    ('quiz = "b"', 'quiz = "No"', True),  # the same choice twice is one answer
    ('quiz = "B"', 'quiz = ""', True),
    ("", 'quiz = "B"', True),
])
def test_two_answers_cells_give_one_answer_or_report_the_conflict(tmp_path, first, second, passed):
    """Answers are read as text, so no kernel is needed to see what the cells answer."""
    notebook = notebook_with(tmp_path, first, second)
    answers, problem, name = NotebookSubmission(Submission.locate(notebook, LESSON), LESSON).answers()
    from grader.grading.answers import grade_answer

    check = grade_answer(LESSON.task("quiz"), answers, problem, name)
    assert check.passed is passed, check.message
    if not passed:
        assert "quiz: answered 2 times, differently: 'A' (cell 4, line 17); 'B' (cell 20, line 8)" \
            in check.message


def test_the_stray_line_of_an_answers_cell_is_a_note_of_the_report(tmp_path):
    notebook = notebook_with(tmp_path, "I think this is right", 'quiz = "B"')
    submission = NotebookSubmission(Submission.locate(notebook, LESSON), LESSON)
    answers, _, _ = submission.answers()
    from grader.grading.answers import answer_notes

    (note,) = answer_notes(answers, LESSON)
    assert note.startswith("the ANSWERS cell 4 has a line that is not an answer: line 17, 'I think this is right'")
    shutil.rmtree(tmp_path)
