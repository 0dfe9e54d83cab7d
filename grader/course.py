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
from grader.manifest import MANIFEST_NAME, Lesson, load_lesson

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
            matches = [l for l in lessons if l.id == submission.name] or \
                      [l for l in lessons if (submission / l.module).is_file()
                       or (submission / f"{l.module_name}.ipynb").is_file()]
        else:
            matches = [l for l in lessons if submission.name in (l.module, f"{l.module_name}.ipynb")]
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
    package_root = Path(__file__).resolve().parent.parent
    if (package_root / SUITES).is_dir():
        return Course(package_root)
    raise UsageError(f"no course found: neither {here} nor its parents hold a '{SUITES}' folder "
                     "(pass --course DIR)")


@dataclass(frozen=True)
class Submission:
    """The student's files for one lesson; any may be None when it was not handed in.

    ``notebook`` is set when the graded code is a notebook (``<module stem>.ipynb``);
    ``module`` is then None. A folder holding both forms is graded as the notebook only
    when the module is the untouched stub and the notebook is not (``grader.notebook.grading``).
    """

    path: Path
    module: Path | None
    answers: Path | None
    notebook: Path | None = None

    @classmethod
    def locate(cls, path: Path, lesson: Lesson) -> "Submission":
        if not path.exists():
            raise SubmissionError(f"{path}: no such file or folder")
        if path.is_file():
            if path.suffix == ".ipynb":
                return cls(path, None, None, path)
            if path.suffix != ".py":
                raise SubmissionError(f"{path}: expected a folder, a .py or a .ipynb file, not a "
                                      f"{path.suffix or 'file without extension'}")
            return cls(path, path, None)
        if not path.is_dir():
            raise SubmissionError(f"{path}: not a regular file or folder")
        module, answers = path / lesson.module, path / lesson.answers
        found = cls(path, module if _plain_file(module) else None, answers if _plain_file(answers) else None)
        notebook = path / f"{lesson.module_name}.ipynb"
        if _plain_file(notebook):
            from grader.notebook.grading import prefer_notebook

            if prefer_notebook(found.module, notebook, lesson):
                found = cls(path, None, found.answers, notebook)
        if found.module is None and found.answers is None and found.notebook is None:
            raise SubmissionError(f"{path}: holds neither {lesson.module} nor {lesson.answers}")
        return found


def _plain_file(path: Path) -> bool:
    """A regular file, not a link: a link in a submission could point at the solutions."""
    return path.is_file() and not path.is_symlink()
