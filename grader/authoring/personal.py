"""Each student's own copy: ``grader variant`` and ``grader stubs --student`` / ``--roster``.

A lesson with parameters (``grader.lesson.parameters``) asks each student about their own numbers,
drawn from their id and the term's salt; the grade finds them again from the same id, so the
instructor hands out copies that say them: the module's docstrings, the answers template's
questions and the notebook's text, generated from the solution exactly as ``exercises/`` is
(``grader.authoring.exercises``), with the student's numbers instead of the lesson's own.

``--roster FILE`` is a CSV file with an ``id`` column (an LMS export, a class list), one copy
per row: ``OUTPUT/<id>/exercises/<lesson>/``, the layout the student bundle grades. A folder's
name is the normalised id with any character a file name should not hold replaced by ``_``;
two ids that would share a folder are refused before anything is written.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from grader.authoring.exercises import write_stubs
from grader.exceptions import UsageError
from grader.grading.variants import variants_for
from grader.lesson.course import EXERCISES, Course
from grader.lesson.manifest import Lesson
from grader.lesson.variants import describe_variant, normalise_id

ID_COLUMN = "id"
_UNSAFE = re.compile(r"[^\w.@+-]+")


def read_roster(path: Path) -> list[str]:
    """The normalised ids of a roster CSV's ``id`` column, in order, each once; UsageError naming the file for
    a file that cannot be read, has no such column or holds no id."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as stream:
            reader = csv.DictReader(stream)
            rows = list(reader)
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise UsageError(f"--roster {path}: cannot be read as CSV ({exc})") from None
    if ID_COLUMN not in (reader.fieldnames or []):
        raise UsageError(f"--roster {path}: needs a header row with an '{ID_COLUMN}' column (one student id a row)")
    ids = []
    for number, row in enumerate(rows, start=2):
        try:
            student = normalise_id(row.get(ID_COLUMN))
        except UsageError as exc:
            raise UsageError(f"--roster {path}, line {number}: {exc}") from None
        if student is not None and student not in ids:
            ids.append(student)
    if not ids:
        raise UsageError(f"--roster {path}: its '{ID_COLUMN}' column holds no student id")
    return ids


def stubs_for_students(course: Course, lessons: list[Lesson], students: list[str], roster: Path | None,
                       output: Path | None, check: bool = False) -> list[Path]:
    """``grader stubs --student ID ... --roster FILE [--output DIR]``: ``write_copies`` for those ids, into
    ``dist/students/`` of the course by default."""
    if check:
        raise UsageError("--check compares exercises/ with the solution: leave --student and --roster out")
    ids = [normalise_id(s) for s in students]
    if None in ids:
        raise UsageError("--student needs an id")
    ids += [i for i in (read_roster(roster) if roster else []) if i not in ids]
    return write_copies(course, lessons, ids, output or course.root / "dist" / "students")


def folder_name(student: str) -> str:
    """A student's folder under ``--output``: the id, safe as one file name."""
    name = _UNSAFE.sub("_", student).strip(".") or "_"
    return name[:100]


def write_copies(course: Course, lessons: list[Lesson], students: list[str], output: Path) -> list[Path]:
    """Each student's exercises of each lesson with their numbers, under ``output/<id>/exercises/<lesson>/``;
    the files whose content changed."""
    folders: dict[str, str] = {}
    for student in students:
        name = folder_name(student)
        if name in folders and folders[name] != student:
            raise UsageError(f"students {folders[name]!r} and {student!r} would share the folder {output / name}")
        folders[name] = student
    written = []
    for lesson in lessons:
        variants = variants_for(course, lesson, students)
        for name, student in folders.items():
            written += write_stubs(course, lesson, variants[student], output / name / EXERCISES / lesson.id)
    return written


def variant_text(course: Course, lesson: Lesson, student: str, form: str) -> str:
    """``grader variant``: the student's numbers and answers as JSON (``Variant.to_dict``) or for people."""
    variant = variants_for(course, lesson, [student])[normalise_id(student)]
    if form == "json":
        return json.dumps(variant.to_dict(), ensure_ascii=False, indent=2) + "\n"
    return describe_variant(lesson, variant)
