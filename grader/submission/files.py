"""Which lesson a submission is for, and which of its files are graded: the module, the
notebook, the answers file.

A submission is a folder, a ``.py`` or an ``.ipynb``. Submissions arrive in many shapes: a
folder holding ``prefill.py``, or a whole course repository as a GitHub hand-in brings it
(``repo/exercises/prefill/prefill.py``). ``lesson_folder`` finds the folder that holds a
lesson's files, the same way for every tool; ``choose_lesson`` is the one rule for which
lesson is graded (``grade``, ``batch``, ``run_autograder``, ``make grade``).

Files are looked for by name, never through a link (a link could point at the solutions);
a folder holding both a module and a notebook is graded as the notebook only when the
module is still the untouched stub and the notebook is not. Deciding that takes parsing,
never running: ``ast`` for the module, JSON and ``ast`` for the notebook's cells.
"""

from __future__ import annotations

import ast
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from grader.exceptions import SubmissionError, UsageError
from grader.lesson.course import EXERCISES, Course
from grader.lesson.manifest import Lesson
from grader.submission.answers_file import load_answers
from grader.submission.cells import definitions, read_answers, unimplemented
from grader.submission.limits import MAX_DEPTH, MAX_SOURCE_BYTES, MAX_SUBMISSION_FILES
from grader.submission.notebook import read_notebook
from grader.submission.stubs import is_empty_body


@dataclass(frozen=True)
class Submission:
    """The student's files for one lesson; any may be None when it was not handed in.

    ``notebook`` is set when the graded code is a notebook (``<module stem>.ipynb``);
    ``module`` is then None. A folder holding both forms is graded as the notebook only
    when the module is the untouched stub and the notebook is not (``prefer_notebook``).
    """

    path: Path  # the folder holding the lesson's files (in a repository: exercises/<lesson>/), or the file
    module: Path | None
    answers: Path | None
    notebook: Path | None = None
    passed_over: dict[str, str] = field(default_factory=dict)  # a lesson file's name -> why it is not graded

    @classmethod
    def locate(cls, path: Path, lesson: Lesson) -> Submission:
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
        folder = lesson_folder(path, lesson)
        if folder is None:
            unusable = "".join(f"; {each}" for each in _unusable(path, lesson))
            raise SubmissionError(f"{path}: holds neither {lesson.module} nor {lesson.answers} (looked at the top, "
                                  f"in {EXERCISES}/{lesson.id}/ and in every folder below){unusable}")
        module, answers = folder / lesson.module, folder / lesson.answers
        module, answers = (module if _plain_file(module) else None), (answers if _plain_file(answers) else None)
        why = {name: said for name, taken in ((lesson.module, module), (lesson.answers, answers))
               if taken is None and (said := passed_over(folder / name))}
        notebook = folder / notebook_name(lesson)
        if _plain_file(notebook) and prefer_notebook(module, notebook, lesson):
            return cls(folder, None, answers, notebook, why)
        return cls(folder, module, answers, None, why)


@dataclass(frozen=True)
class LessonChoice:
    """The lesson a submission is graded as; ``from_files``: its own files (or name) said so,
    rather than ``--lesson``, a course of one lesson, or the course's default."""

    lesson: Lesson
    from_files: bool


def choose_lesson(course: Course, submission: Path, lesson: str | None = None) -> LessonChoice:
    """The one rule for which lesson is graded, for every tool (docs/ci.md, "Which lesson is graded"):

    1. ``--lesson``, when given;
    2. a course of one lesson grades that lesson;
    3. the submission's files, when they name exactly one lesson: a folder named after it, a
       file named as its module or notebook, or (in a folder) its module or notebook at the
       top, anywhere below, or anything in ``exercises/<lesson>/``;
    4. otherwise the course's default lesson (the first of ``course.toml``).

    Files that name several lessons are refused, not defaulted: the default would be a guess
    made against the evidence. A lesson whose files are all as the template left them (a whole
    course repository carries every lesson's stubs) is no evidence, when another lesson's are not.
    """
    if lesson:
        return LessonChoice(course.lesson(lesson), False)
    ids = course.ordered_ids()
    if len(ids) == 1:
        return LessonChoice(course.lesson(ids[0]), False)
    if not ids:
        return LessonChoice(course.default_lesson(), False)  # says that there are none
    if not submission.exists():  # say so, rather than that no lesson matches a path that is not there
        raise SubmissionError(f"{submission}: no such file or folder")
    named = _named_lessons(submission, [course.lesson(i) for i in ids])
    if len(named) > 1 and submission.is_dir():  # a course repository holds every lesson's stubs: they name none
        named = [each for each in named if _worked_on(submission, each)] or named
    if len(named) == 1:
        return LessonChoice(named[0], True)
    if named:
        raise UsageError(f"{submission} holds the files of several lessons "
                         f"({', '.join(each.id for each in named)}): pass --lesson (one of {', '.join(ids)})")
    try:
        return LessonChoice(course.default_lesson(), False)
    except UsageError as exc:
        raise UsageError(f"cannot tell which lesson {submission} is for: its files name none, and {exc}") from None


def _named_lessons(submission: Path, lessons: list[Lesson]) -> list[Lesson]:
    """The lessons whose files (or name) the submission has; see ``choose_lesson``."""
    if not submission.is_dir():
        return [each for each in lessons if submission.name in (each.module, notebook_name(each))]
    by_name = [each for each in lessons if each.id == submission.name]
    if by_name:
        return by_name
    names = {relative.name for relative in _tree(submission)}
    return [each for each in lessons if each.module in names or notebook_name(each) in names
            or _holds_any(_exercises(submission, each), each)]


def _worked_on(submission: Path, lesson: Lesson) -> bool:
    """Whether the submission folder holds work for ``lesson``: its module or notebook defines a graded
    function beyond the stub, or its answers file answers something. Read, never run."""
    try:
        folder = lesson_folder(submission, lesson)
    except SubmissionError:  # in two places: the student's to sort out, and evidence enough
        return True
    if folder is None:
        return False
    functions = {task.function for task in lesson.code_tasks}
    module, notebook, answers = folder / lesson.module, folder / notebook_name(lesson), folder / lesson.answers
    if _plain_file(module) and _module_has_work(module, functions):
        return True
    if _plain_file(notebook) and _notebook_has_work(notebook, functions):
        return True
    return _plain_file(answers) and answers_something(load_answers(answers, lesson.answers)[0])


def lesson_folder(path: Path, lesson: Lesson) -> Path | None:
    """The folder of submission folder ``path`` that holds the lesson's files, or None:

    the folder itself when it holds the module, the notebook or the answers file; else
    ``exercises/<lesson>/`` when that does (a whole course repository); else the one folder
    below that holds the module or the notebook. Two such folders are refused, naming both:
    which one is the student's work is theirs to say, not a guess. Links are never followed.
    """
    if _holds_any(path, lesson):
        return path
    exercises = _exercises(path, lesson)
    if _holds_any(exercises, lesson):
        return exercises
    wanted = (lesson.module, notebook_name(lesson))
    places = sorted({relative.parent for relative in _tree(path) if relative.name in wanted})
    if len(places) > 1:
        shown = ", ".join(f"{place.as_posix()}/" for place in places[:3]) + (", ..." if len(places) > 3 else "")
        raise SubmissionError(f"{path}: holds {lesson.module} (or its notebook) in {len(places)} folders ({shown}): "
                              f"hand in one, or grade the folder you mean")
    return path / places[0] if places else None


def _exercises(path: Path, lesson: Lesson) -> Path | None:
    """``path/exercises/<lesson>``, unless a link stands anywhere on the way."""
    parent, folder = path / EXERCISES, path / EXERCISES / lesson.id
    if parent.is_symlink() or folder.is_symlink() or not folder.is_dir():
        return None
    return folder


def _holds_any(folder: Path | None, lesson: Lesson) -> bool:
    return folder is not None and any(_plain_file(folder / name) for name in
                                      (lesson.module, notebook_name(lesson), lesson.answers))


def _tree(root: Path) -> list[PurePath]:
    """The plain files below ``root``, relative to it: no links followed, hidden folders (``.git``)
    and caches left out, bounded by the submission limits (a larger tree is searched in part)."""
    found: list[PurePath] = []
    for folder, subfolders, files in os.walk(root):
        relative = PurePath(folder).relative_to(root)
        deep = len(relative.parts) >= MAX_DEPTH  # os.walk recurses: a hostile tree 1500 folders deep stops here
        subfolders[:] = [] if deep else sorted(d for d in subfolders if not d.startswith(".") and d != "__pycache__"
                                               and not os.path.islink(os.path.join(folder, d)))
        for name in sorted(files):
            if _plain_file(Path(folder, name)):  # no link, pipe or device: nothing that cannot be graded
                found.append(relative / name)
                if len(found) >= MAX_SUBMISSION_FILES:
                    return found
    return found


def _unusable(path: Path, lesson: Lesson) -> list[str]:
    """What stands where a lesson file was looked for but is no file to grade, in words: a student whose
    ``prefill.py`` is a link should read why it was passed over, not that there is none."""
    found = []
    for folder in (path, *filter(None, [_exercises(path, lesson)])):  # never through a link
        for name in (lesson.module, notebook_name(lesson), lesson.answers):
            why = passed_over(folder / name)
            if why:
                found.append(f"{(folder / name).relative_to(path).as_posix()} {why}")
    return found


def passed_over(path: Path) -> str | None:
    """Why something named as a lesson file is not graded (said after its name), or None when it is a
    plain file or absent."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "is a link, and links are never followed (hand in the file itself)"
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    return "is not a regular file (a pipe or a device?)"


def _plain_file(path: Path) -> bool:
    """A regular file, not a link (a link in a submission could point at the solutions), nor a pipe or
    a device: one ``lstat``."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def notebook_name(lesson: Lesson) -> str:
    """The notebook form of the lesson's module: ``prefill.ipynb`` beside ``prefill.py``."""
    return f"{lesson.module_name}.ipynb"


def prefer_notebook(module: Path | None, notebook: Path, lesson: Lesson) -> bool:
    """Whether a folder holding both forms is graded as the notebook: only when the module
    is untouched (every graded function missing or a stub) and the notebook is not."""
    if module is None:
        return True
    functions = {task.function for task in lesson.code_tasks}
    if _module_has_work(module, functions):
        return False
    return _notebook_has_work(notebook, functions)


def _notebook_has_work(notebook: Path, functions: set[str]) -> bool:
    read = read_notebook(notebook)
    if read.problem:
        return False
    defined = definitions(read.code_cells)
    stubs = unimplemented(read.code_cells)
    answers, _ = read_answers(read.cells)
    return any(name in defined and name not in stubs for name in functions) or answers_something(answers)


def _module_has_work(path: Path, functions: set[str]) -> bool:
    """A graded function defined beyond the stub, or bound otherwise (``prefill_flops = lambda N, P: ...``,
    an import, a class): the template binds them only with ``def`` and ``pass``."""
    try:
        tree = ast.parse(path.read_bytes()[:MAX_SOURCE_BYTES])
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # a module that does not parse was worked on
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in functions and not is_empty_body(node.body):
                return True
        elif functions & _bound(node):
            return True
    return False


def _bound(statement: ast.stmt) -> set[str]:
    """The names a top-level statement (not a function) binds in the module."""
    names = {statement.name} if isinstance(statement, ast.ClassDef) else set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
    return names


def answers_something(answers: dict | None) -> bool:
    """Whether any answer holds more than the template's empty string."""
    values = (answers or {}).values()
    return any(not (value is None or (isinstance(value, str) and not value.strip())) for value in values)
