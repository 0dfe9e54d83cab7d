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

import re
import shutil
import zipfile
from pathlib import Path

from grader.grading.variants import variants_for
from grader.lesson.course import Course
from grader.lesson.variants import normalise_id

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


def own_answers(path: Path, student: str, course: Course | None = None, lesson: str = "prefill") -> Path:
    """Rewrite the answers file ``path`` with ``student``'s own numbers: each line still giving the
    reference's answer (the lesson's worked example) gets theirs; a line a mutant changed stays."""
    course = course or Course(ROOT)
    the_lesson = course.lesson(lesson)
    variant = variants_for(course, the_lesson, [student])[normalise_id(student)]
    reference = _values((course.root / "solutions" / lesson / the_lesson.answers).read_text(encoding="utf-8"))
    keys = {task.answer.key: task.id for task in the_lesson.tasks if task.answer and task.answer.kind == "number"}
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        found = _LINE.fullmatch(line)
        if found and found["key"] in keys and found["value"] == reference.get(found["key"]):
            line = f'{found["key"]} = "{variant.answers[keys[found["key"]]]!r}"'
        lines.append(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _values(text: str) -> dict[str, str]:
    return {found["key"]: found["value"] for found in map(_LINE.fullmatch, text.splitlines()) if found}
