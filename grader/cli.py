"""The ``grader`` command: ``grade`` one submission, ``validate`` a lesson's suite, and the
instructor's ``stubs``, ``release`` and ``new``.

Exit status: 0 when grading completed (whatever the score), 1 below ``--fail-under``, when
validation disagrees or when ``stubs --check`` finds drift, 2 for usage errors and
unreadable input, always with a one-line message instead of a traceback.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
from pathlib import Path

from grader import formats
from grader.exceptions import GraderError, UsageError
from grader.result import AUDIENCES


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not a usage dump
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="grader", description="Grade exercises without running student code in the grader.")
    parser.add_argument("--course", type=Path, help="course folder holding exercises/, solutions/ and suites/ "
                        "(default: the working folder or its parents)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    grade = commands.add_parser("grade", help="grade one submission (a folder or a module file)")
    grade.add_argument("submission", type=Path, help="folder holding prefill.py and answers.toml, or one .py file")
    grade.add_argument("--lesson", help="lesson id (inferred when unambiguous)")
    grade.add_argument("--format", action="append", metavar="NAME[:FILE]",
                       help=f"report format, {', '.join(formats.names())} (default text), written to FILE or "
                            "else standard output; repeat for several reports of one grading")
    grade.add_argument("--output", type=Path, help="write the one report without a FILE here instead of "
                       "standard output")
    grade.add_argument("--audience", choices=AUDIENCES, default="student",
                       help="student (default): secret checks say only the property that failed; "
                            "instructor: every input, expected value and what the submission printed")
    grade.add_argument("--fail-under", type=float, metavar="PERCENT",
                       help="exit with status 1 when the score is below this percentage (for CI gates)")
    grade.add_argument("--solutions", type=Path, help="reference solutions folder for differential checks")
    grade.add_argument("--verbose", action="store_true", help="text report: under each thing to fix, what every "
                       "check saw and the diagnosis code (the HTML report always shows it)")

    validate = commands.add_parser("validate", help="prove the suite: reference full marks, stubs zero, "
                                   "every mutant caught")
    validate.add_argument("--lesson", help="validate only this lesson (default: all)")
    validate.add_argument("--solutions", type=Path,
                          help="a solutions tree to validate instead of the course's (holding <lesson>/ folders)")

    stubs = commands.add_parser("stubs", help="regenerate exercises/<lesson>/ from the solution markers in "
                                "solutions/<lesson>/")
    stubs.add_argument("--lesson", help="only this lesson (default: all)")
    stubs.add_argument("--check", action="store_true",
                       help="write nothing; exit 1 naming the first differing line when exercises/ has drifted")

    release = commands.add_parser("release", help="write dist/student/ (exercises, public checks, engine) and "
                                  "dist/autograder/ (the full suite with solutions, for CI or Gradescope)")
    release.add_argument("--lesson", help="only this lesson (default: all)")
    release.add_argument("--output", type=Path, help="folder to write student/ and autograder/ into "
                         "(default: dist/ in the course)")

    new = commands.add_parser("new", help="scaffold a new lesson (manifest, checks, solution with markers, stubs, "
                              "mutants) that validates out of the box")
    new.add_argument("lesson", help="the new lesson's id, which also names its module (lowercase, digits, _)")

    batch = commands.add_parser("batch", help="grade a whole class into a gradebook: parallel, resumable")
    batch.add_argument("submissions", type=Path, help="folder of submissions, one entry per student (a folder, "
                       "a .py, an .ipynb or a .zip of one of those, named after the student)")
    batch.add_argument("--lesson", help="lesson id (inferred when the course has one)")
    batch.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                       help="grading processes on this machine (default: one per core)")
    batch.add_argument("--gradebook", type=Path, default=Path("gradebook.sqlite"), metavar="FILE",
                       help="SQLite gradebook to fill and resume from (default: gradebook.sqlite)")
    batch.add_argument("--csv", type=Path, metavar="FILE", help="also export the gradebook as CSV (one row per "
                       "student, a column per task, total, max)")
    batch.add_argument("--reports", type=Path, metavar="DIR", help="write each student's JSON report to "
                       "DIR/<student>.json")
    batch.add_argument("--solutions", type=Path, help="reference solutions folder for differential checks")
    batch.add_argument("--executor", default="local", help="local (default): worker processes here; dask: the "
                       "Dask cluster at --scheduler")
    batch.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786")
    batch.add_argument("--regrade", action="store_true", help="grade every submission again, even unchanged ones")

    diagnoses = commands.add_parser("diagnoses", help="list each lesson's diagnoses: the misconceptions its "
                                    "checks recognise, what triggers them and the hints students read")
    diagnoses.add_argument("--lesson", help="only this lesson (default: all)")
    diagnoses.add_argument("--markdown", action="store_true", help="the table of docs/feedback.md, with the "
                           "mutants that prove each diagnosis")
    diagnoses.add_argument("--output", type=Path, help="write to FILE instead of standard output")

    gradebook = commands.add_parser("gradebook", help="read a gradebook written by 'grader batch'")
    books = gradebook.add_subparsers(dest="action", required=True, parser_class=_Parser)
    export = books.add_parser("export", help="one row per student, a column per task, total, max (for an LMS)")
    export.add_argument("--csv", type=Path, required=True, metavar="FILE", help="CSV file to write")
    export.add_argument("--gradebook", type=Path, default=Path("gradebook.sqlite"), metavar="FILE",
                        help="the gradebook to read (default: gradebook.sqlite)")
    export.add_argument("--lesson", help="lesson to export (needed when the gradebook holds several)")
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return _COMMANDS[args.command](args)
    except GraderError as exc:
        print(f"grader: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("grader: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader (e.g. `| head`) went away: not worth a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _grade(args) -> int:
    from grader.course import Course, find_course
    from grader.engine import grade

    targets = _targets(args.format or ["text"], args.output)  # a bad format is a usage error before grading
    for writer, _ in targets:
        if hasattr(writer, "verbose"):
            writer.verbose = args.verbose
    if args.fail_under is not None and not 0 <= args.fail_under <= 100:
        raise UsageError(f"--fail-under must be a percentage between 0 and 100, not {args.fail_under:g}")
    course = Course(args.course.resolve()) if args.course else find_course()
    report = grade(args.submission, lesson=args.lesson, course=course, solutions=args.solutions)
    _locate(report, course, args.submission)
    view = report.for_audience(args.audience)
    for writer, path in targets:
        if path:
            _write_atomically(path, writer, view)
        else:
            writer.write(view, sys.stdout)
    if args.fail_under is not None and report.percent < args.fail_under:
        print(f"grader: score {report.percent:.1f}% is below --fail-under {args.fail_under:g}%", file=sys.stderr)
        return 1
    return 0


def _targets(specs: list[str], output: Path | None) -> list[tuple[object, Path | None]]:
    """``NAME[:FILE]`` specs as (writer, path); at most one report goes to stdout or --output."""
    targets, seen = [], set()
    for spec in specs:
        name, colon, file = spec.partition(":")
        if colon and not file:
            raise UsageError(f"--format {spec}: name a file after ':' or leave the ':' out")
        path = Path(file) if file else None
        if path is not None and path.resolve() in seen:
            raise UsageError(f"--format {spec}: another report is already written to {file}")
        seen.add(path.resolve() if path else None)
        targets.append((formats.get(name), path))
    unplaced = [i for i, (_, path) in enumerate(targets) if path is None]
    if len(unplaced) > 1:
        raise UsageError("only one report can go to standard output (or --output): give the others a file, "
                         "--format NAME:FILE")
    if output is not None:
        if not unplaced:
            raise UsageError("--output names a file for the report without one, but every --format has a file")
        targets[unplaced[0]] = (targets[unplaced[0]][0], output)
    return targets


def _locate(report, course, submission: Path) -> None:
    """Point each task at the line of the student function it grades (parsed, never imported)."""
    from grader.course import Submission
    from grader.locate import attach_sources

    lesson = course.lesson(report.lesson)
    attach_sources(report, lesson, Submission.locate(submission, lesson))


def _validate(args) -> int:
    from grader.course import Course, find_course
    from grader.validate import validate

    course = Course(args.course.resolve()) if args.course else find_course()
    return 0 if validate(course, lesson=args.lesson, solutions=args.solutions, stream=sys.stdout) else 1


def _stubs(args) -> int:
    from grader.course import Course, find_course
    from grader.generate import find_drift, write_stubs

    course = Course(args.course.resolve()) if args.course else find_course()
    lessons = [course.lesson(args.lesson)] if args.lesson else [course.lesson(i) for i in course.lesson_ids()]
    if args.check:
        drift = [problem for lesson in lessons for problem in find_drift(course, lesson)]
        for problem in drift:
            print(f"grader: {problem}", file=sys.stderr)
        return 1 if drift else 0
    for lesson in lessons:
        for path in write_stubs(course, lesson):
            print(f"wrote {path}")
    return 0


def _release(args) -> int:
    from grader.course import Course, find_course
    from grader.release import release

    course = Course(args.course.resolve()) if args.course else find_course()
    done = release(course, args.output or course.root / "dist", lesson=args.lesson)
    for lesson, suite in done.public.items():
        checks = sum(len(names) for names in suite.public.values())
        print(f"{lesson}: {checks} public checks in {len(suite.tasks)} tasks for students"
              + (", graded against the solution's recorded answers" if suite.uses_reference else ""))
    print(f"wrote {done.student}\nwrote {done.autograder}\nwrote {done.archive}")
    return 0


def _batch(args) -> int:
    """Exit 0 when every student has a grade or a final refusal; 1 when some grading failed (rerun)."""
    from grader.batch import run_batch
    from grader.course import Course, find_course

    gc.enable()  # a batch is long-lived, unlike the one-shot grade that run() tunes for
    course = Course(args.course.resolve()) if args.course else find_course()
    result = run_batch(args.submissions, course, gradebook=args.gradebook, lesson=args.lesson, jobs=args.jobs,
                       reports=args.reports, csv=args.csv, solutions=args.solutions, executor=args.executor,
                       scheduler=args.scheduler, regrade=args.regrade)
    return 0 if result.complete else 1


def _gradebook(args) -> int:
    from grader.gradebook import Gradebook

    with Gradebook(args.gradebook, create=False) as book:
        rows = book.export_csv(args.csv, args.lesson)
    print(f"wrote {args.csv}: {rows} students")
    return 0


def _new(args) -> int:
    from grader.course import SUITES, Course
    from grader.scaffold import new_lesson

    # never the grader's own course as a fallback: a new lesson lands where the instructor stands
    here = (args.course or Path.cwd()).resolve()
    course = Course(next((f for f in (here, *here.parents) if (f / SUITES).is_dir()), here))
    for path in new_lesson(course, args.lesson):
        print(f"wrote {path}")
    print(f"next: edit the files above (docs/authoring.md), then 'grader validate --lesson {args.lesson}'")
    return 0


def _write_atomically(path: Path, writer, report) -> None:
    """A half-written report must never replace a good one."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as exc:
        raise UsageError(f"cannot write the report to {path}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            writer.write(report, stream)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # a report is for reading (a browser, a CI upload): not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _diagnoses(args) -> int:
    from grader.course import Course, find_course
    from grader.diagnoses import listing, markdown, proofs

    course = Course(args.course.resolve()) if args.course else find_course()
    lessons = [course.lesson(args.lesson)] if args.lesson else [course.lesson(i) for i in course.lesson_ids()]
    text = markdown(lessons, proofs(lessons)) if args.markdown else listing(lessons)
    if args.output:
        _write_atomically(args.output, _Text(text), None)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


class _Text:
    """A fixed text as a report writer, so that it is written atomically like one."""

    def __init__(self, text: str):
        self.text = text

    def write(self, _report, stream) -> None:
        stream.write(self.text)


_COMMANDS = {"grade": _grade, "validate": _validate, "stubs": _stubs, "release": _release, "new": _new,
             "diagnoses": _diagnoses, "batch": _batch, "gradebook": _gradebook}


def run() -> None:
    """Entry point of the ``grader`` script and ``python -m grader``.

    A grade is a short-lived process: the cyclic garbage collector is switched off (the
    work is bounded) and, once the report is flushed, the process exits without
    finalizing numpy's and pytest's objects one by one, which otherwise costs about a
    sixth of a whole grade. Temporary folders are already gone by then.

    numpy's BLAS gets one thread unless told otherwise: its idle threads spin on the core
    the worker is starting on, and the checks multiply only small arrays (a grade took
    0.33 s with the default, 0.27 s with one thread, on 2 cores).
    """
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    gc.disable()
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
