"""Where a course's lessons live, and which lesson a submission is for.

A course is a folder with three mirrored trees: ``exercises/<lesson>/`` (what students
edit), ``solutions/<lesson>/`` (the reference) and ``suites/<lesson>/`` (the manifest and
the hidden checks). The engine learns every lesson from ``suites/``, so adding a lesson
needs no code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from grader.exceptions import SubmissionError, UsageError
from grader.lesson.manifest import MANIFEST_NAME, Lesson, load_lesson

SUITES, SOLUTIONS, EXERCISES = "suites", "solutions", "exercises"


@dataclass(frozen=True)
class Course:
    root: Path

    @property
    def suites_dir(self) -> Path:
        return self.root / SUITES

    def lesson_ids(self) -> list[str]:
        return sorted(p.parent.name for p in self.suites_dir.glob(f"*/{MANIFEST_NAME}"))

    def lesson(self, lesson_id: str) -> Lesson:
        if lesson_id not in self.lesson_ids():
            known = ", ".join(self.lesson_ids()) or "none"
            raise UsageError(f"unknown lesson '{lesson_id}' (lessons in {self.suites_dir}: {known})")
        return load_lesson(self.suites_dir / lesson_id)

    def solutions_dir(self, lesson: Lesson) -> Path:
        return self.root / SOLUTIONS / lesson.id

    def exercises_dir(self, lesson: Lesson) -> Path:
        return self.root / EXERCISES / lesson.id

    def infer_lesson(self, submission: Path) -> Lesson:
        """The one lesson the submission can be for, or a UsageError that lists the choices."""
        ids = self.lesson_ids()
        if len(ids) == 1:
            return self.lesson(ids[0])
        if not ids:
            raise UsageError(f"no lessons found: {self.suites_dir} holds no */{MANIFEST_NAME}")
        if not submission.exists():  # say so, rather than that no lesson matches a path that is not there
            raise SubmissionError(f"{submission}: no such file or folder")
        lessons = [self.lesson(i) for i in ids]
        if submission.is_dir():
            matches = [each for each in lessons if each.id == submission.name] or \
                      [each for each in lessons if (submission / each.module).is_file()
                       or (submission / f"{each.module_name}.ipynb").is_file()]
        else:
            matches = [each for each in lessons if submission.name in (each.module, f"{each.module_name}.ipynb")]
        if len(matches) == 1:
            return matches[0]
        raise UsageError(f"cannot tell which lesson {submission} is for: pass --lesson "
                         f"(one of {', '.join(ids)})")


def find_course(start: Path | None = None) -> Course:
    """The course holding ``start`` (default: the working folder), else the grader's own."""
    env = os.environ.get("GRADER_COURSE")
    if env:
        root = Path(env)
        if not (root / SUITES).is_dir():
            raise UsageError(f"GRADER_COURSE={env} has no '{SUITES}' folder")
        return Course(root.resolve())
    here = Path(start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / SUITES).is_dir():
            return Course(folder)
    package_root = Path(__file__).resolve().parents[2]  # the repository holding grader/
    if (package_root / SUITES).is_dir():
        return Course(package_root)
    raise UsageError(f"no course found: neither {here} nor its parents hold a '{SUITES}' folder "
                     "(pass --course DIR)")
