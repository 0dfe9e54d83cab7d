"""The Gradescope autograder: one builder, for ``make gradescope`` and ``grader release`` alike.

Gradescope unpacks the zip in ``/autograder/source``, runs ``setup.sh`` once to build the
image and ``run_autograder`` for every submission. Both scripts live beside this module
(``gradescope/``), so a grader installed without the course repository builds the same
autograder as one run from it.

The folder (and its zip) holds the engine, a ``course.toml`` naming the lessons it grades,
each lesson's suite (mutants included, so ``grader validate`` runs there too), solutions and
exercises, the lock file ``requirements/grade.txt`` that ``setup.sh`` installs, and
``pyproject.toml``. Which lesson it grades is decided here, once:

- built for one lesson (``--lesson``), its course holds only that lesson and
  ``run_autograder`` names it: every submission is graded as that lesson, whatever it holds;
- built for every lesson, ``run_autograder`` names none, and the rule of ``grader grade``
  applies (``grader.submission.files.choose_lesson``): the submission's files decide, else
  the course's first lesson. A submission holding only ``answers.toml`` names no lesson, so
  for an assignment of another lesson build a zip for that lesson.

The zip is deterministic: entries sorted, dated 1980, with the files' modes.

It is gated as ``grader release`` is, by the one gate both use (``gate``): a lesson that
``grader validate`` does not prove gets no autograder, since the grades it gives would rest on
a truth nothing proves. ``make gradescope`` has no ``--force``; ``grader release --force``
writes the same zip, saying so in its ``AUTOGRADER.md``.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import re
import shutil
import sys
import tempfile
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import grader
from grader.exceptions import ConfigError, GraderError, UsageError
from grader.lesson.course import COURSE_FILE, EXERCISES, SOLUTIONS, SUITES, Course, course_toml, find_course
from grader.lesson.manifest import Lesson

PACKAGE_DIR = Path(grader.__file__).resolve().parent
SCRIPTS = Path(__file__).resolve().parent / "gradescope"
LOCK = Path("requirements") / "grade.txt"  # where the lock sits, in the repository and in every bundle
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", ".pytest_cache", ".DS_Store")
_LESSON_LINE = 'LESSON="${GRADER_LESSON:-}"'  # run_autograder's line that a one-lesson build fills in
_SHELL_SAFE = re.compile(r"[A-Za-z0-9_.-]+")


class ReleaseRefused(GraderError):
    """``grader validate`` does not prove a lesson, so its release (or its Gradescope zip) is refused
    (exit status 1, as ``grader validate``'s own verdict)."""


@dataclass
class Gate:
    """What the gate found: each lesson's cache lookup (``grader.authoring.proved``), the lessons it
    validated now, and the verdicts of those that do not validate (released only with ``force``)."""

    lookups: list = field(default_factory=list)  # one proved.Lookup per lesson, in order
    validated: list[str] = field(default_factory=list)  # lesson ids validated now (no pass was remembered)
    forced: dict[str, str] = field(default_factory=dict)  # lesson id -> its verdict, when it does not validate

    def lines(self) -> list[str]:
        """One line per lesson for the instructor: the remembered pass it reused and its fingerprint, or
        that it validated now (and any cache file it ignored on the way, with why)."""
        out = []
        for found in self.lookups:
            if found.ignored:
                out.append(f"note: {found.lesson}: ignored {found.path}: it {found.ignored}; validated again")
            if found.holds:
                since = found.validated or "it was proved"
                out.append(f"{found.lesson}: reused the cached verdict 'validates' (fingerprint {found.short}, "
                           f"{found.path.name}): nothing it rests on changed since {since}")
            elif found.lesson not in self.forced:
                out.append(f"{found.lesson}: validated now (fingerprint {found.short}), "
                           f"remembered in {found.path.parent}")
        return out


def gate(course: Course, lessons: list[Lesson], force: bool) -> Gate:
    """Validate each lesson (quietly) unless a validation passed with nothing changed since
    (``grader.authoring.proved``); refuse the release when one does not validate, unless ``force``.
    Returns what it found, among it the verdicts of the lessons released anyway. Here, beside the
    builder, so that both ``grader release`` and ``make gradescope`` pass the same gate."""
    from grader.authoring import proved
    from grader.authoring.validate import validations  # grades the solution, the stubs and every mutant

    found = Gate()
    for each in lessons:
        looked = proved.lookup(course, each)
        found.lookups.append(looked)
        if not looked.holds:
            found.validated.append(each.id)
            found.forced.update({v.lesson: v.summary() for v in validations(course, each.id) if not v.ok})
    failed = found.forced
    if failed and not force:
        lesson_id, summary = next(iter(failed.items()))
        others = f" (and lesson(s) {', '.join(list(failed)[1:])})" if len(failed) > 1 else ""
        raise ReleaseRefused(f"release refused: lesson '{lesson_id}'{others} does not validate: {summary}; "
                             f"'grader validate --lesson {lesson_id}' shows every claim, --force releases it anyway")
    return found


def write_autograder(course: Course, lessons: list[Lesson], root: Path) -> None:
    """Write the autograder for ``lessons`` into the existing folder ``root``."""
    if not lessons:
        raise UsageError(f"no lessons to build an autograder for: {course.suites_dir} holds none")
    for tree in (SUITES, SOLUTIONS, EXERCISES):
        for each in lessons:
            source = course.root / tree / each.id
            if source.is_dir():
                shutil.copytree(source, root / tree / each.id, ignore=IGNORE)
    order = [i for i in course.ordered_ids() if i in {each.id for each in lessons}]
    (root / COURSE_FILE).write_text(course_toml(order, course.salt()), encoding="utf-8")
    copy_engine(root)
    pyproject = PACKAGE_DIR.parent / "pyproject.toml"  # the version and the declared dependencies, for people
    if pyproject.is_file():
        shutil.copyfile(pyproject, root / "pyproject.toml")
    for script in ("setup.sh", "run_autograder"):
        shutil.copyfile(SCRIPTS / script, root / script)
        (root / script).chmod(0o755)
    if len(lessons) == 1:
        _name_the_lesson(root / "run_autograder", lessons[0].id)
    only = f" --lesson {lessons[0].id}" if len(lessons) == 1 else ""
    (root / "AUTOGRADER.md").write_text(f"""\
# Autograder

The whole suite with the reference solutions, for {'lesson ' + lessons[0].id if only else 'every lesson'}: \
keep it away from students.

- Gradescope: upload its zip as the assignment's autograder; `setup.sh` builds the image and
  `run_autograder` writes `/autograder/results/results.json`. {'Every submission is graded as ' + lessons[0].id
  if only else "The submission's files decide which lesson it is graded as, else the first of course.toml"}.
- CI: `python3 -m venv .venv && .venv/bin/pip install -r {LOCK.as_posix()}`, then
  `.venv/bin/python -m grader grade SUBMISSION{only} --format json --output grade.json`.
- Prove the suite here: `.venv/bin/python -m grader validate`.
""", encoding="utf-8")


def copy_engine(root: Path) -> None:
    """The grader package and its lock file: what grading needs besides the course (both bundles)."""
    shutil.copytree(PACKAGE_DIR, root / "grader", ignore=IGNORE)
    (root / LOCK).parent.mkdir(parents=True, exist_ok=True)
    (root / LOCK).write_text(lock_text(), encoding="utf-8")


def lock_text() -> str:
    """The exact versions grading installs: the repository's lock; where the grader runs from an
    installation without it, the package's declared (unpinned) dependencies, saying so."""
    lock = PACKAGE_DIR.parent / LOCK
    if lock.is_file():
        return lock.read_text(encoding="utf-8")
    try:
        pyproject = tomllib.loads((PACKAGE_DIR.parent / "pyproject.toml").read_text(encoding="utf-8"))
        requirements = list(pyproject["project"]["dependencies"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        requirements = [r for r in importlib.metadata.requires("inference-course-grader") or [] if "extra ==" not in r]
    return ("# The grader's dependencies, unpinned: this grader was installed without its lock file\n"
            + "".join(f"{r}\n" for r in requirements))


def _name_the_lesson(script: Path, lesson_id: str) -> None:
    if not _SHELL_SAFE.fullmatch(lesson_id):
        raise ConfigError(str(script), f"lesson id '{lesson_id}' cannot be written into a shell script")
    text = script.read_text(encoding="utf-8")
    if text.count(_LESSON_LINE) != 1:
        raise ConfigError(str(SCRIPTS / "run_autograder"), f"must hold the line {_LESSON_LINE} once")
    script.write_text(text.replace(_LESSON_LINE, f'LESSON="${{GRADER_LESSON:-{lesson_id}}}"'), encoding="utf-8")


def zip_folder(folder: Path, archive: Path) -> Path:
    """The folder as a zip with its files at the top, as Gradescope wants it; sorted, dated 1980
    and with the files' modes, so that the same folder always gives the same bytes."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    tmp = archive.with_name(f".{archive.name}.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (path.stat().st_mode & 0o777) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, path.read_bytes())
    tmp.replace(archive)
    return archive


def build_zip(course: Course, archive: Path, lesson: str | None = None, tell=None) -> Path:
    """The autograder zip for ``lesson``, or for every lesson of the course; ``ReleaseRefused`` when
    one of them does not validate. ``tell``, given a line: each lesson's verdict, reused or proved now."""
    lessons = [course.lesson(lesson)] if lesson else [course.lesson(i) for i in course.ordered_ids()]
    for line in gate(course, lessons, force=False).lines():
        if tell is not None:
            tell(line)
    with tempfile.TemporaryDirectory(prefix="grader-autograder-") as tmp:
        write_autograder(course, lessons, Path(tmp))
        return zip_folder(Path(tmp), Path(archive))


def main(argv: list[str] | None = None) -> int:
    """``make gradescope``: ``python -m grader.authoring.autograder [--lesson ID] --output ZIP``."""
    parser = argparse.ArgumentParser(prog="python -m grader.authoring.autograder",
                                     description="Build the Gradescope autograder zip.")
    parser.add_argument("--output", type=Path, default=Path("dist") / "gradescope-autograder.zip")
    parser.add_argument("--lesson", help="the one lesson it grades (default: every lesson; the submission's files "
                        "decide, else the course's first)")
    parser.add_argument("--course", type=Path, help="the course folder (default: the working folder or its parents)")
    args = parser.parse_args(argv)
    try:
        course = Course(args.course.resolve()) if args.course else find_course()
        print(f"wrote {build_zip(course, args.output, args.lesson, tell=print)}")
    except ReleaseRefused as exc:  # a verdict on the lesson, as grader release gives it: status 1
        print(f"autograder: {exc}\nautograder: no zip written; 'grader release --force' writes this autograder "
              "(dist/autograder.zip) anyway, saying so in its AUTOGRADER.md", file=sys.stderr)
        return 1
    except GraderError as exc:
        print(f"autograder: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
