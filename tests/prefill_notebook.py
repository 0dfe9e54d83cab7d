"""The Prefill lesson as notebooks, for the tests that grade notebook submissions.

tests/grading/test_notebook.py and test_notebook_cells.py both build notebooks from the
reference's cells with one cell added or changed, grade them, and read the report the same
way; so the reference's cells, writing a notebook, a code cell and the two report readings
live here, once.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

from grader.authoring.notebook import reference_notebook
from grader.lesson.course import Course

from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
SOLUTION = ROOT / "solutions" / "prefill"
CODE_TASKS = [t.id for t in LESSON.code_tasks]
ANSWER_TASKS = [t.id for t in LESSON.tasks if not t.is_code]


def reference_cells() -> list:
    return nbformat.reads(reference_notebook(LESSON, SOLUTION), as_version=4).cells


def write_notebook(folder: Path, cells: list, name: str = "prefill.ipynb", **metadata) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "language": "python",
                                                                         "display_name": "Python 3"}, **metadata})
    path = folder / name
    nbformat.write(nb, path)
    return path


def code(source: str):
    return nbformat.v4.new_code_cell(source)


def lost(report) -> set[str]:
    return {t.id for t in report.tasks if t.score < t.max_score}


def one_line(text: str) -> str:
    assert text and "\n" not in text and "Traceback" not in text, text
    return text
