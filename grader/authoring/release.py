"""``grader release``: the two things a course hands out, written from the course in one go.

- ``dist/student/``: what students download. The exercises (each lesson's ``README.md``, its
  specification beside the module, among them), the public checks (see
  grader.authoring.public), the engine, a Makefile whose ``make grade`` sets itself up and grades
  with those checks, and a README. Never the solutions, the hidden checks, the mutants or
  the lesson's answers; where a public check compares with the solution, the solution's
  recorded answers to those very calls stand in for it (see grader.grading.reference).
- ``dist/autograder/``: the whole course (suites, solutions, exercises, the engine), with
  Gradescope's ``setup.sh`` and ``run_autograder``; ``dist/autograder.zip`` is what
  Gradescope's "Configure Autograder" page takes. CI grades with the same folder. Both are
  written by the one autograder builder, ``grader.authoring.autograder`` (``make gradescope``).

Both bundles install the exact versions of the lock file ``requirements/grade.txt``, and the
student bundle's ``course.toml`` lists its lessons in the course's order, so that ``make grade``
grades the same default lesson as the course does.

A release refuses to start when the exercises have drifted from the solutions, and it only
ever replaces folders that an earlier release wrote (they hold a stamp file).

It is gated on ``grader validate``: a lesson whose suite and solution do not agree on every
claim (a rejected solution, a mutant no check catches) is refused (``ReleaseRefused``, exit
status 1), because its grades would rest on a truth nothing proves. A lesson whose validation
passed with nothing changed since (``grader.authoring.proved``: its fingerprint) is not proved
again. ``force`` releases it anyway and says so in both bundles: the student README says that
grades may change (never why: the reasons name hidden checks), ``AUTOGRADER.md`` gives each
lesson's verdict. A public check that repeats the solution's code is a warning
(``grader.authoring.public.solution_code``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from grader.authoring.autograder import IGNORE, LOCK, Gate, copy_engine, gate, write_autograder, zip_folder
from grader.authoring.autograder import ReleaseRefused as ReleaseRefused  # the gate's refusal, where cli looks
from grader.authoring.diagnoses import catalogue_toml
from grader.authoring.exercises import find_drift
from grader.authoring.public import PublicSuite, public_suite, solution_code, student_manifest
from grader.authoring.readme import README_NAME
from grader.exceptions import ConfigError, UsageError
from grader.grading import reference as replay
from grader.lesson.catalogue import CATALOGUE_NAME
from grader.lesson.course import COURSE_FILE, EXERCISES, SOLUTIONS, SUITES, Course, course_toml
from grader.lesson.manifest import MANIFEST_NAME, Lesson

STUDENT, AUTOGRADER = "student", "autograder"
STAMP = ".grader-release"


@dataclass
class Release:
    student: Path
    autograder: Path
    archive: Path
    public: dict[str, PublicSuite] = field(default_factory=dict)  # lesson id -> what its students can run
    forced: dict[str, str] = field(default_factory=dict)  # lesson id -> its verdict, released with force=True
    warnings: list[str] = field(default_factory=list)  # public checks holding the solution's code
    gate: Gate = field(default_factory=Gate)  # each lesson's verdict: reused from the cache or proved now


def release(course: Course, out: Path, lesson: str | None = None, force: bool = False) -> Release:
    """Write both bundles under ``out``; ``lesson`` limits them to one lesson; ``force`` releases a
    lesson that does not validate, saying so in both bundles."""
    lessons = [course.lesson(lesson)] if lesson else [course.lesson(i) for i in course.ordered_ids()]
    drift = [problem for each in lessons for problem in find_drift(course, each)]
    if drift:
        raise ConfigError(str(course.root / EXERCISES), "has drifted from the solutions, so a release would hand "
                          f"out stale files: {drift[0]}")
    out = Path(out).resolve()
    if out == course.root or any(out.is_relative_to(course.root / tree) for tree in (SUITES, SOLUTIONS, EXERCISES)):
        raise UsageError(f"--output {out}: choose a folder outside the course's exercises, solutions and suites")
    _check_output(out)  # before the gate: validating takes a minute, a refused folder is known now
    gated = gate(course, lessons, force)
    forced = gated.forced
    result = Release(_fresh(out / STUDENT), _fresh(out / AUTOGRADER), out / f"{AUTOGRADER}.zip", forced=forced,
                     gate=gated)
    for each in lessons:
        result.public[each.id] = _student_lesson(course, each, result.student)
        result.warnings += solution_code(result.public[each.id], course.solutions_dir(each) / each.module, each)
    copy_engine(result.student)
    graded = [each.id for each in lessons if result.public[each.id].tasks]  # the lessons of the bundle's course
    if graded:
        (result.student / COURSE_FILE).write_text(course_toml(graded, course.salt()), encoding="utf-8")
    (result.student / "Makefile").write_text(_student_makefile(), encoding="utf-8")
    specified = {each.id for each in lessons if (result.student / EXERCISES / each.id / README_NAME).is_file()}
    readme = _student_readme(lessons, result.public, graded[:1], specified)
    if forced:
        readme = readme.replace("\n\n", "\n\n" + _FORCED_STUDENT.format(lessons=", ".join(forced)), 1)
    (result.student / "README.md").write_text(readme, encoding="utf-8")

    write_autograder(course, lessons, result.autograder)
    if forced:
        with (result.autograder / "AUTOGRADER.md").open("a", encoding="utf-8") as notes:
            notes.write("\n## Released with --force\n\n`grader validate` does not prove this release:\n\n"
                        + "".join(f"- {lesson_id}: {verdict}\n" for lesson_id, verdict in forced.items()))
    zip_folder(result.autograder, result.archive)
    return result


_FORCED_STUDENT = ("> **Released with `--force`**: the grader's own proof of the checks did not pass for "
                   "{lessons},\n> so your grade there may change once your instructor fixes the checks.\n\n")


def _check_output(out: Path) -> None:
    """Refuse now what ``_fresh`` would refuse after the gate: a bundle folder no release wrote, or
    an output that cannot be written (its nearest existing folder is a file or is not writable)."""
    for folder in (out / STUDENT, out / AUTOGRADER):
        if folder.exists() and not (folder / STAMP).is_file():
            raise UsageError(f"{folder} exists and was not written by 'grader release': move it away first")
    existing = out / STUDENT
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    problem = ("Not a directory" if not existing.is_dir() else
               "Permission denied" if not os.access(existing, os.W_OK | os.X_OK) else "")
    if problem:
        raise UsageError(f"cannot write the release to {out / STUDENT}: {problem}")


def _fresh(folder: Path) -> Path:
    """An empty folder; an existing one is replaced only when an earlier release wrote it."""
    if folder.exists():
        if not (folder / STAMP).is_file():
            raise UsageError(f"{folder} exists and was not written by 'grader release': move it away first")
        shutil.rmtree(folder)
    try:
        folder.mkdir(parents=True)
        (folder / STAMP).write_text("written by grader release; the next release replaces this folder\n")
    except OSError as exc:
        raise UsageError(f"cannot write the release to {folder}: {exc.strerror}") from None
    return folder


def _student_lesson(course: Course, lesson: Lesson, root: Path) -> PublicSuite:
    exercises = course.exercises_dir(lesson)
    if exercises.is_dir():
        shutil.copytree(exercises, root / EXERCISES / lesson.id, ignore=IGNORE)
    suite = public_suite(lesson)
    if not suite.tasks:
        return suite
    folder = root / SUITES / lesson.id
    folder.mkdir(parents=True)
    for name, text in suite.files.items():
        (folder / name).write_text(text, encoding="utf-8")
    manifest = folder / MANIFEST_NAME
    draws = _not_by_hand(course, lesson)
    manifest.write_text(student_manifest(lesson, suite.tasks, not_by_hand=draws), encoding="utf-8")
    if lesson.diagnoses:  # the public checks name their diagnoses; the hints come from the catalogue
        catalogue = catalogue_toml(lesson.diagnoses, suite.tasks, "".join(suite.files.values()))
        (folder / CATALOGUE_NAME).write_text(catalogue, encoding="utf-8")
    if suite.uses_reference:
        _record(course, lesson, Course(root), folder, suite, draws)
        manifest.write_text(student_manifest(lesson, suite.tasks, not_by_hand=draws), encoding="utf-8")
    return suite


def _not_by_hand(course: Course, lesson: Lesson) -> list[int] | None:
    """The draws of a lesson with parameters whose answers are not by hand, computed on the course's reference:
    without them the bundle would draw other numbers than the autograder for most students."""
    if lesson.parameters is None:
        return None
    from grader.authoring.variant_proof import SURVEY_LIMIT
    from grader.grading.variants import reference_of
    from grader.lesson.variants import not_by_hand

    if lesson.parameters.combinations() > SURVEY_LIMIT:  # each computed on the reference, and listed in the bundle
        raise ConfigError(lesson.parameters.source, f"declares {lesson.parameters.combinations()} combinations of "
                          f"[parameters]; the student bundle lists those that are not by hand, so that it draws each "
                          f"student's numbers as the autograder does, and can for at most {SURVEY_LIMIT}: declare "
                          "fewer choices", "parameters")
    return not_by_hand(lesson, reference_of(lesson, course.solutions_dir(lesson)))


def _record(course: Course, lesson: Lesson, bundle: Course, folder: Path, suite: PublicSuite,
            draws: list[int] | None) -> None:
    """Record the solution's answers to the public checks' calls (see grader.grading.reference).

    The checks run against the solution, then the stubs and every mutant that replaces the
    module, so that the calls a wrong answer leads to are recorded as well as the right
    ones. Wrong answers run under a one-second call limit, so a hanging mutant costs one
    second, not the lesson's limit.
    """
    from grader.authoring.mutants import load_mutants, materialize
    from grader.grading.engine import grade
    from grader.grading.session import GradingSession

    solution = course.solutions_dir(lesson) / lesson.module
    with tempfile.TemporaryDirectory(prefix="grader-release-") as tmp:
        stand_in = Path(tmp) / lesson.module
        stand_in.write_text(replay.stand_in_source(solution), encoding="utf-8")
        replay.RECORDED.clear()
        report = grade(course.solutions_dir(lesson), lesson=lesson.id, course=bundle, solutions=tmp)
        short = [t.id for t in report.tasks if t.score < t.max_score]
        if short:
            raise ConfigError(str(solution), f"fails the public checks of {', '.join(short)} in the student bundle; "
                              "run 'grader validate' first")
        wrong = [course.exercises_dir(lesson)] if course.exercises_dir(lesson).exists() else []
        for mutant in load_mutants(lesson):
            if mutant.changes(lesson, lesson.module):
                folder_of = Path(tmp) / "mutants" / mutant.name
                wrong.append(materialize(mutant, lesson, course.solutions_dir(lesson), folder_of))
        (folder / MANIFEST_NAME).write_text(student_manifest(lesson, suite.tasks, hurried=True, not_by_hand=draws),
                                            encoding="utf-8")
        with GradingSession(lesson.id, bundle, solutions=tmp) as session:
            for submission in wrong:
                session.grade(submission)
        replay.save(folder / replay.FILENAME)
        replay.RECORDED.clear()


def _student_makefile() -> str:
    """``make grade`` with no SUBMISSION grades the default lesson (the first of the bundle's course.toml),
    by the rule every tool uses (``LESSON`` as in the course's own Makefile); the first run checks that the
    package index answers, then installs the lock with the uv grader.authoring.fetch_uv pins (pip where uv
    cannot be had); a grade writes the bytecode of what the grader imports."""
    return f"""\
# `make grade` grades your work with the public checks; the first run sets up .venv/ (Python 3.11+).
# It grades exercises/<lesson>/ of the course's first lesson (course.toml); another lesson or folder:
# make grade LESSON=<lesson>, make grade SUBMISSION=exercises/<lesson>
# With your own numbers (the id your instructor gave you): make grade STUDENT=<your id>
PYTHON ?= python3
VENV_FLAGS ?=
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUBMISSION ?=
LESSON ?=
STUDENT ?=
FORMAT ?= text

.PHONY: grade clean

$(STAMP): {LOCK.as_posix()}
\t@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \\
\t\t{{ echo "make grade needs Python 3.11 or newer: make grade PYTHON=python3.11"; exit 1; }}
\t@# the index answers (else one line, and nothing is made), then uv (pinned, fetched and checked by
\t@# grader.authoring.fetch_uv) installs in seconds; where uv cannot be had, pip does
\t@$(PYTHON) -m grader.authoring.fetch_uv "make grade" $(VENV)/.uv
\t$(PYTHON) -m venv --without-pip $(VENV_FLAGS) $(VENV)
\t@if test -x $(VENV)/.uv/uv; then \\
\t\t$(VENV)/.uv/uv pip install --config-file $(VENV)/.uv/uv.toml --quiet --python $(BIN)/python \\
\t\t\t-r {LOCK.as_posix()}; \\
\telse \\
\t\t$(BIN)/python -m ensurepip --default-pip >/dev/null && \\
\t\t$(BIN)/python -m pip install --quiet --timeout 20 --retries 1 --upgrade pip && \\
\t\t$(BIN)/python -m pip install --quiet --timeout 20 --retries 1 -r {LOCK.as_posix()}; \\
\tfi
\ttouch $(STAMP)

# the grader's own process writes the bytecode of what it imports (uv compiled none); your code never does
grade: $(STAMP)
\t@PYTHONDONTWRITEBYTECODE= $(BIN)/python -m grader grade $(SUBMISSION) --format $(FORMAT) \\
\t\t$(if $(LESSON),--lesson $(LESSON)) $(if $(STUDENT),--student '$(STUDENT)')

clean:
\trm -rf $(VENV)
"""


def _student_readme(lessons: list[Lesson], public: dict[str, PublicSuite], first: list[str],
                    specified: set[str] = frozenset()) -> str:
    """The bundle's README: how to grade, and per lesson what to edit (and, for a lesson in ``specified``,
    where its specification is) and which tasks run locally."""
    default = f"exercises/{first[0]}/; " if first else ""
    parts = ["# Exercises\n\n",
             "Fill in the files in `exercises/<lesson>/`, then check your work on your own machine:\n\n",
             "```sh\n",
             f"make grade                                # {default}the first run sets up .venv/ (Python 3.11+)\n",
             "make grade LESSON=<lesson>                # another lesson\n",
             "make grade SUBMISSION=path/to/folder      # another folder (or file)\n```\n\n",
             "`make grade` runs the **public checks**: the same checks as when you hand in, passing and failing\n",
             "alike, on the same inputs. Their feedback can say less: a mistake the check sees itself (a wrong\n",
             "type or shape, a valid input refused, a changed argument) is named here as at hand-in, but the\n",
             "grader's models of common mistakes, which name more of them, do not ship with the exercises, so\n",
             "where hand-in names the mistake `make grade` may state only what came back and what was expected.\n",
             "Hand-in also runs hidden checks and grades the by-hand answers and the quiz, so your final\n",
             "score can be lower than what `make grade` shows. Your code runs in a separate process, never in\n",
             "the one that scores it.\n"]
    for each in lessons:
        suite = public[each.id]
        parts.append(f"\n## {each.title or each.id}\n\nEdit `exercises/{each.id}/{each.module}`")
        answered = any(t.answer for t in each.tasks)
        parts.append(f" and `exercises/{each.id}/{each.answers}`." if answered else ".")
        if each.id in specified:
            parts.append(f" `exercises/{each.id}/{README_NAME}` says what each function returns and which arguments "
                         "it refuses.")
        parts.append("\n\n")
        for task in each.tasks:
            names = suite.public.get(task.id) or []
            local = f"{len(names)} public check{'s' if len(names) != 1 else ''} here" if names else \
                "graded when you hand in"
            parts.append(f"- `{task.id}` ({task.points:g} point{'s' if task.points != 1 else ''}): {local}\n")
    return "".join(parts)
