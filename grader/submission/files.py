"""Which lesson a submission is for, and which of its files are graded: the module, the
notebook, the answers file.

A submission is a folder, a ``.py`` or an ``.ipynb``. Submissions arrive in many shapes: a
folder holding ``prefill.py``, or a whole course repository as a GitHub hand-in brings it
(``repo/exercises/prefill/prefill.py``). ``lesson_folder`` finds the folder that holds a
lesson's files, the same way for every tool; ``choose_lesson`` is the one rule for which
lesson is graded (``grade``, ``batch``, ``run_autograder``, ``make grade``).

Every place holding a lesson's files is found (``grader.submission.places``: one walk that a
``venv/`` cannot exhaust) and the place showing the most work is graded
(``grader.submission.work``): a stray template at a repository's top does not hide the
finished ``exercises/<lesson>/``. When places show as much work as each other the top comes
first, then ``exercises/<lesson>/``, and a note says which others were seen; two folders
below, neither of them those, are refused (which one is the work is the student's to say).
A module named as the lesson's but for case (``Prefill.py``) is graded, with a note: macOS
and Windows import it under the lesson's name. When nothing fits, the refusal says what was found.

Files are looked for by name, never through a link (a link could point at the solutions);
a folder holding both a module and a notebook is graded as the notebook only when the
module is still the untouched stub and the notebook is not. Deciding that takes parsing,
never running: ``ast`` for the module, JSON and ``ast`` for the notebook's cells.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from grader.exceptions import SubmissionError, UsageError
from grader.lesson.course import EXERCISES, Course
from grader.lesson.manifest import Lesson
from grader.result.text import shown
from grader.submission.places import Place, Search, search
from grader.submission.work import answers_something, evidence, module_has_work, notebook_has_work

__all__ = ["LessonChoice", "Submission", "answers_something", "choose_lesson", "lesson_folder", "notebook_name",
           "passed_over", "prefer_notebook"]

MAX_RANKED = 16  # places whose files are read to rank them; any further are seen, not read


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
    notes: tuple[str, ...] = ()  # about where the files were found (a case variant, other places seen), shown
    instead: str = ""  # no module nor notebook: "; found: Prefill_v2.py, notes.txt" (what the folder holds), shown

    @classmethod
    def locate(cls, path: Path, lesson: Lesson) -> Submission:
        if not path.exists():
            raise SubmissionError(f"{path}: no such file or folder")
        if path.is_file():
            suffix = path.suffix.lower()
            if suffix == ".ipynb":
                return cls(path, None, None, path)
            if suffix != ".py":
                raise SubmissionError(f"{path}: expected a folder, a .py or a .ipynb file, not a "
                                      f"{shown(path.suffix or 'file without extension', lines=False, limit=40)}")
            variant = path.name != lesson.module and path.name.lower() == lesson.module.lower()
            return cls(path, path, None, notes=(_variant_note(path.name, lesson),) if variant else ())
        if not path.is_dir():
            raise SubmissionError(f"{path}: not a regular file or folder")
        found = _find(path, lesson)
        if found.folder is None:
            unusable = "".join(f"; {each}" for each in _unusable(path, lesson))
            raise SubmissionError(f"{path}: holds neither {lesson.module} nor {lesson.answers} (looked at the top, "
                                  f"in {EXERCISES}/{lesson.id}/ and in every folder below){_seen(found.search)}"
                                  f"{unusable}")
        folder = found.folder
        module = folder / (found.place.file(lesson.module) or lesson.module)
        answers = found.answers or folder / lesson.answers
        module, answers = (module if _plain_file(module) else None), (answers if _plain_file(answers) else None)
        why = {name: said for name, taken in ((lesson.module, module), (lesson.answers, answers))
               if taken is None and (said := passed_over(folder / name))}
        notebook = folder / (found.place.file(notebook_name(lesson)) or notebook_name(lesson))
        has_notebook = _plain_file(notebook)
        if has_notebook and prefer_notebook(module, notebook, lesson):
            return cls(folder, None, answers, notebook, why, found.notes)
        instead = _listing(folder, lesson.answers) if module is None and not has_notebook else ""
        return cls(folder, module, answers, None, why, found.notes, instead)


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
    """The lessons whose files (or name) the submission has, whatever the case of a file's name;
    see ``choose_lesson``."""
    if not submission.is_dir():
        return [each for each in lessons if submission.name.lower() in (each.module.lower(),
                                                                        notebook_name(each).lower())]
    by_name = [each for each in lessons if each.id == submission.name]
    if by_name:
        return by_name
    wanted = tuple(name for each in lessons for name in (each.module, notebook_name(each)))
    names = {name for place in search(submission, wanted).places for name in place.names}
    return [each for each in lessons if each.module.lower() in names or notebook_name(each).lower() in names
            or _holds_any(_exercises(submission, each), each)]


def _worked_on(submission: Path, lesson: Lesson) -> bool:
    """Whether the submission folder holds work for ``lesson``: its module or notebook defines a graded
    function beyond the stub, or its answers file answers something. Read, never run."""
    try:
        found = _find(submission, lesson)
    except SubmissionError:  # in two places: the student's to sort out, and evidence enough
        return True
    return found.folder is not None and any(_evidence(submission, found.place, lesson)[:2])


def lesson_folder(path: Path, lesson: Lesson) -> Path | None:
    """The folder of submission folder ``path`` that holds the lesson's files, or None (see the module
    docstring: the place showing the most work; in a tie the top, then ``exercises/<lesson>/``; two
    folders below alike are refused, naming both). Links are never followed."""
    return _find(path, lesson).folder


@dataclass(frozen=True)
class _Found:
    search: Search
    folder: Path | None = None
    place: Place = field(default_factory=lambda: Place(PurePath()))
    answers: Path | None = None  # taken from another place: the graded one answers nothing
    notes: tuple[str, ...] = ()


def _find(path: Path, lesson: Lesson) -> _Found:
    """Where the lesson's files are in ``path``, and what to say about the choice."""
    exercises = PurePath(EXERCISES, lesson.id)
    found = search(path, (lesson.module, notebook_name(lesson), lesson.answers))
    code = (lesson.module.lower(), notebook_name(lesson).lower())
    places = sorted((place for place in found.places
                     if any(name in place.names for name in code)
                     or (place.folder in (PurePath(), exercises) and lesson.answers in place.names.get(
                         lesson.answers.lower(), ()))),
                    key=lambda place: (_precedence(place, exercises), len(place.folder.parts), place.folder.parts))
    if not places:
        return _Found(found)
    notes = []
    best, answers = places[0], None
    if len(places) > 1:
        ranked = [(_evidence(path, place, lesson) if n < MAX_RANKED else (-1, -1, -1), n, place)
                  for n, place in enumerate(places)]
        ranked.sort(key=lambda each: (tuple(-x for x in each[0]), each[1]))
        best = ranked[0][2]
        tied = [place for work, _, place in ranked if work == ranked[0][0]]
        if len(tied) > 1 and _precedence(best, exercises) == 2:
            raise SubmissionError(f"{path}: holds {lesson.module} (or its notebook) in {len(tied)} folders "
                                  f"({_listed(tied)}): hand in one, or grade the folder you mean")
        less = [place for _, _, place in ranked[len(tied):]]
        with_less = f"; also seen, with less work: {_listed(less)}" if less else ""
        if len(tied) > 1:
            notes.append(f"graded the files in {_where(best)}; {_listed(tied[1:])} show as much work, and the top "
                         f"comes first, then {EXERCISES}/{lesson.id}/{with_less}")
        else:
            notes.append(f"graded the files in {_where(best)}, which show the most work{with_less}")
        if not ranked[0][0][1]:  # the graded place answers nothing: answers another place gives are not lost
            given = [place for work, _, place in ranked[1:] if work[1] == 1]
            if given:
                answers = path / given[0].folder / lesson.answers
                notes.append(f"{lesson.answers} taken from {_where(given[0])}: {_where(best)} answers nothing")
    module, variants = best.file(lesson.module), best.names.get(lesson.module.lower(), ())
    if module is not None and module != lesson.module:
        notes.insert(0, _variant_note(module, lesson, variants))
    elif len(variants) > 1:  # Prefill.py beside prefill.py: one file on macOS and Windows, so the other is said
        others = ", ".join(_name(each) for each in variants if each != module)
        notes.insert(0, f"graded {lesson.module}; {others} beside it differs only in case and was not graded "
                        "(macOS and Windows keep one of them): keep the one you mean")
    return _Found(found, path / best.folder, best, answers, tuple(notes))


def _precedence(place: Place, exercises: PurePath) -> int:
    return 0 if not place.folder.parts else 1 if place.folder == exercises else 2


def _evidence(root: Path, place: Place, lesson: Lesson) -> tuple[int, int, int]:
    folder = root / place.folder
    files = [place.file(name) for name in (lesson.module, notebook_name(lesson))]
    module, notebook = (folder / name if name else None for name in files)
    answers = folder / lesson.answers if lesson.answers in place.names.get(lesson.answers.lower(), ()) else None
    return evidence(module, notebook, answers, lesson)


def _listed(places: list[Place]) -> str:
    return ", ".join(_where(place) for place in places[:3]) + (", ..." if len(places) > 3 else "")


def _where(place: Place) -> str:
    return "the top" if not place.folder.parts else f"{_name(place.folder.as_posix())}/"


def _name(text: str) -> str:
    """A name the submission chose, fit to show in one line."""
    return shown(text, lines=False, limit=120)


def _variant_note(name: str, lesson: Lesson, variants: tuple[str, ...] = ()) -> str:
    others = [each for each in variants if each != name]
    also = f" ({', '.join(_name(each) for each in others)} too, not graded)" if others else ""
    return (f"graded {_name(name)} as {lesson.module}{also}: the names differ only in case, and macOS and "
            f"Windows import it as {lesson.module_name}; name it {lesson.module}")


def _seen(found: Search) -> str:
    """"; found: a.py, notes.txt" (the files at the top, and modules anywhere), for a refusal."""
    stopped = "" if found.complete else " (the search stopped at its bound in time or in names listed)"
    if not found.seen:
        return f"; found no file{stopped}"
    names = ", ".join(_name(each.as_posix()) for each in found.seen[:8])
    return f"; found: {names}{', ...' if len(found.seen) > 8 else ''}{stopped}"


def _listing(folder: Path, answers: str) -> str:
    """"; found: Prefill_v2.py, notes.txt" for a folder holding no module: what was handed in instead of it
    (its answers file aside)."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for _, entry in zip(range(200), entries, strict=False)
                           if entry.is_file(follow_symlinks=False) and not entry.name.startswith(".")
                           and entry.name != answers)
    except OSError:
        return ""
    if not names:
        return ""
    return f"; found: {', '.join(_name(each) for each in names[:8])}{', ...' if len(names) > 8 else ''}"


def _exercises(path: Path, lesson: Lesson) -> Path | None:
    """``path/exercises/<lesson>``, unless a link stands anywhere on the way."""
    parent, folder = path / EXERCISES, path / EXERCISES / lesson.id
    if parent.is_symlink() or folder.is_symlink() or not folder.is_dir():
        return None
    return folder


def _holds_any(folder: Path | None, lesson: Lesson) -> bool:
    return folder is not None and any(_plain_file(folder / name) for name in
                                      (lesson.module, notebook_name(lesson), lesson.answers))


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
    if module_has_work(module, functions):
        return False
    return notebook_has_work(notebook, functions)
