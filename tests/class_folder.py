"""A student's entry put into a class folder, in each form ``grader batch`` reads one.

A folder, a module file, or a zip of either: a test that builds a class folder by hand
(tests/batch/test_coordinator.py does) places each student's source with ``place`` rather
than repeating the copying and zipping. It lives here, not in a test file, so that any
batch test can use it.

A batch grades every entry with its student's own numbers (their variant: docs/class.md), so
the reference's answers, the lesson's worked example, are wrong for almost every student:
``own_answers`` rewrites a placed answers file with the student's own, as a student who did
the work would have written them (a line a mutant changed is left as it is).
"""

from __future__ import annotations

import math
import re
import shutil
import zipfile
from pathlib import Path

from grader.grading.answers import parse_number
from grader.grading.variants import variants_for
from grader.lesson.course import Course
from grader.lesson.variants import normalise_id, specialise

from paths import ROOT

_LINE = re.compile(r"(?P<key>[A-Za-z_]+)\s*=\s*(?P<value>.*?)\s*")


def place(source: Path, folder: Path, student: str, zipped: bool = False, own: bool = True,
          course: Course | None = None, lesson: str = "prefill") -> Path:
    """``source`` (a folder, or a module file) as ``student``'s entry in ``folder``; zipped, a module
    file is stored as prefill.py. ``own``: a folder's answers are the student's own (``own_answers``).
    Returns the entry."""
    if source.is_dir() and own:  # the student's own answers first, whichever form the entry takes
        copies = folder.parent / f".{folder.name}-own" / student  # one student may be placed twice
        scratch = copies / str(len(list(copies.iterdir())) if copies.is_dir() else 0)
        shutil.copytree(source, scratch, ignore=shutil.ignore_patterns("__pycache__"))
        if (scratch / "answers.toml").is_file():
            own_answers(scratch / "answers.toml", student, course, lesson)
        source = scratch
    if zipped:
        with zipfile.ZipFile(folder / f"{student}.zip", "w") as zf:
            for item in sorted(source.rglob("*") if source.is_dir() else [source]):
                if item.is_file() and "__pycache__" not in item.parts:
                    zf.write(item, Path(student) / item.relative_to(source) if source.is_dir() else "prefill.py")
        return folder / f"{student}.zip"
    if source.is_dir():
        shutil.copytree(source, folder / student, ignore=shutil.ignore_patterns("__pycache__"))
        return folder / student
    shutil.copyfile(source, folder / f"{student}.py")
    return folder / f"{student}.py"


def own_copy(folder: Path, student: str) -> Path:
    """The folder ``place`` first made of ``student``'s entry with their own answers (before zipping it)."""
    return folder.parent / f".{folder.name}-own" / student / "0"


def own_answers(path: Path, student: str, course: Course | None = None, lesson: str = "prefill") -> Path:
    """Rewrite the answers file ``path`` with ``student``'s own numbers, as that student would have written
    it: the lesson's answer becomes theirs, and a known mistake's value (a hint's: a mutant's ``7 × 10^12``
    for the missing factor 2) the same mistake made with their numbers; any other line stays as it is."""
    course = course or Course(ROOT)
    the_lesson = course.lesson(lesson)
    variant = variants_for(course, the_lesson, [student])[normalise_id(student)]
    theirs = {task.id: task for task in specialise(the_lesson, variant).tasks}
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        found = _LINE.fullmatch(line)
        task = next((t for t in the_lesson.tasks if found and t.answer and t.answer.key == found["key"]
                     and t.answer.kind == "number"), None)
        if task is not None:
            mistakes = [h.value for h in theirs[task.id].answer.hints if not h.example]
            pairs = [(task.answer.expected, variant.answers[task.id])]
            pairs += [(h.value, mine) for h, mine in zip(task.answer.hints, mistakes, strict=True)]
            written = _number(found["value"], task)
            mine = next((new for old, new in pairs if written is not None and math.isclose(written, float(old),
                                                                                            rel_tol=1e-9)), None)
            if mine is not None:
                line = f'{found["key"]} = "{mine!r}"'
        lines.append(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _number(value: str, task) -> float | None:
    """The number a line's value says, in the question's unit, as the grader reads it; None when it says none."""
    text = value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value
    try:
        return parse_number(text, task.answer)
    except Exception:  # noqa: BLE001 - not a number (a calculation typed out): the line stays as written
        return None
