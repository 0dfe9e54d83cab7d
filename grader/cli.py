"""The ``grader`` command: ``grade`` one submission, ``validate`` a lesson's suite, and the
instructor's ``stubs``, ``release`` and ``new``.

Exit status, never with a traceback (``--debug`` shows one for status 3):

- 0: the command completed, whatever the score;
- 1: below ``--fail-under``, validation disagrees (a release refused for it), ``stubs --check``
  found drift, or a batch could not grade some students (rerun it);
- 2: the command line or the submission is wrong: a usage error, an unreadable submission
  (one line saying what to change);
- 3: the grader or its course failed, not the submission: a lesson's broken files (the message
  names file and key), a sandbox that cannot run the grader's canary (one line naming the cause),
  a check that could not reach a verdict (the report is written, then one line names the checks),
  or an internal error (one line saying it is the grader's fault).

Every message is submission-safe: paths and names in it came from outside, so it is shown
through ``grader.result.text`` like a report's text, and no line of it can pose as a CI command.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import tempfile
import traceback
from pathlib import Path

from grader import atomic, formats
from grader.batch.commands import add_commands as add_class_commands
from grader.exceptions import ConfigError, GraderError, GraderFault, SandboxFailed, UsageError
from grader.result import AUDIENCES
from grader.result.text import ci_safe, shown

USAGE, GRADER_FAULT = 2, 3  # exit statuses (see the module docstring)
SOLUTIONS_HELP = ("the reference solutions instead of the course's: a lesson folder (solutions/prefill/) or a tree "
                  "holding <lesson>/ folders (solutions/); grade, batch and validate take both alike")


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not a usage dump
        raise UsageError(f"{message} (see '{self.prog} --help')")


class _Shared:
    """Options several commands take, each declared once (argparse parents).

    ``--lesson`` has two senses: ``one`` is the lesson a command works on; ``each`` narrows a
    command that otherwise works on every lesson of the course to one of them."""

    def __init__(self):
        self.one = _option("--lesson", help="lesson id (inferred when unambiguous)")
        self.each = _option("--lesson", help="only this lesson (default: every lesson of the course)")
        self.solutions = _option("--solutions", type=Path, help=SOLUTIONS_HELP)
        self.gradebook = _option("--gradebook", type=Path, default=Path("gradebook.sqlite"), metavar="FILE",
                                 help="the SQLite gradebook (default: gradebook.sqlite)")


def _option(*names: str, **settings) -> argparse.ArgumentParser:
    parent = _Parser(add_help=False)
    parent.add_argument(*names, **settings)
    return parent


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="grader", description="Grade exercises without running student code in the grader.")
    parser.add_argument("--course", type=Path, help="course folder holding exercises/, solutions/ and suites/ "
                        "(default: the working folder or its parents)")
    parser.add_argument("--debug", action="store_true", help="on an internal error (exit status 3), print its "
                        "traceback too")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    shared = _Shared()

    grade = commands.add_parser("grade", parents=[shared.one, shared.solutions],
                                help="grade one submission (a folder, a module file or a zip of either)")
    grade.add_argument("submission", type=Path, nargs="?", help="folder holding prefill.py and answers.toml, one "
                       ".py or .ipynb file, or a .zip of either, opened as a batch opens it (default: "
                       "exercises/<lesson>/ of --lesson, else of the course's first lesson)")
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
    grade.add_argument("--verbose", action="store_true", help="text report: under each thing to fix, what every "
                       "check saw and the diagnosis code (the HTML report always shows it)")
    grade.add_argument("--student", metavar="ID", help="grade with this student's own numbers ('grader variant')")
    variant = commands.add_parser("variant", parents=[shared.one], help="print a student's own numbers and the "
                                  "answers they lead to (the lesson's own without [parameters])")
    variant.add_argument("student", metavar="STUDENT", help="the student's id")
    variant.add_argument("--format", choices=["text", "json"], default="text", help="text (default) for people; "
                         "json: {\"parameters\": ..., \"answers\": ...} keyed by parameter and task id")

    validate = commands.add_parser("validate", parents=[shared.each], help="prove the suite: reference full marks, "
                                   "stubs zero, every mutant caught")
    validate.add_argument("--solutions", type=Path, help=SOLUTIONS_HELP)

    stubs = commands.add_parser("stubs", parents=[shared.each], help="regenerate exercises/<lesson>/ from the solution "
                                "markers in solutions/<lesson>/")
    stubs.add_argument("--check", action="store_true",
                       help="write nothing; exit 1 naming the first differing line when exercises/ has drifted")
    stubs.add_argument("--student", action="append", metavar="ID", help="write this student's copy, with their own "
                       "numbers, to OUTPUT/<id>/exercises/<lesson>/ instead")
    stubs.add_argument("--roster", type=Path, metavar="FILE", help="as --student for every id of FILE, a CSV file "
                       "with an 'id' column")
    stubs.add_argument("--output", type=Path, metavar="DIR", help="where --student and --roster write (default: "
                       "dist/students/ of the course)")

    release = commands.add_parser("release", parents=[shared.each], help="write dist/student/ (exercises, public "
                                  "checks, engine) and dist/autograder/ (the full suite with solutions, for CI or "
                                  "Gradescope)")
    release.add_argument("--output", type=Path, help="folder to write student/ and autograder/ into "
                         "(default: dist/ in the course)")
    release.add_argument("--force", action="store_true", help="release a lesson that 'grader validate' does not "
                         "prove (refused otherwise, exit status 1); both bundles' READMEs say so")

    new = commands.add_parser("new", help="scaffold a new lesson (manifest, checks, solution with markers, stubs, "
                              "mutants) that validates out of the box")
    new.add_argument("lesson", help="the new lesson's id, which also names its module (lowercase, digits, _)")

    diagnoses = commands.add_parser("diagnoses", parents=[shared.each], help="list each lesson's diagnoses: the "
                                    "misconceptions its checks recognise, what triggers them and the hints students "
                                    "read")
    diagnoses.add_argument("--markdown", action="store_true", help="the table of docs/feedback.md, with the "
                           "mutants that prove each diagnosis")
    diagnoses.add_argument("--output", type=Path, help="write to FILE instead of standard output")

    add_class_commands(commands, shared)  # batch, gradebook: grader.batch.commands
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser().parse_args(argv)
        return _COMMANDS[args.command](args)
    except ConfigError as exc:  # the course's files or the solutions given: the instructor fixes them, not the student
        _say(f"the grader's set-up is wrong (not the submission's fault): {exc}", lines=True)
        return GRADER_FAULT
    except (SandboxFailed, GraderFault) as exc:  # the machine or the grader, not the submission: one line
        _say(str(exc), lines=False)
        return GRADER_FAULT
    except GraderError as exc:
        _say(str(exc))
        return USAGE
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except BrokenPipeError:  # the reader (e.g. `| head`) went away: not worth a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # noqa: BLE001 - whatever it is, the user reads one line and an exit status
        if "--debug" in argv:
            traceback.print_exc()
        _say(f"internal error ({type(exc).__name__}: {exc}): this is a fault of the grader, not of the "
             "submission" + ("" if "--debug" in argv else "; rerun with --debug to see where"))
        return GRADER_FAULT


def _say(message: str, lines: bool = False) -> None:
    """One message on stderr, as safe as a report's text: it may quote names from outside."""
    print(ci_safe(f"grader: {shown(message, lines=lines)}"), file=sys.stderr)


def _course(args):
    """The course ``--course`` names, else the one holding the working folder."""
    from grader.lesson.course import Course, find_course

    return Course(args.course.resolve()) if args.course else find_course()


def _lessons(course, args) -> list:
    """``--lesson`` in its "each" sense: that lesson, or every lesson of the course."""
    return [course.lesson(args.lesson)] if args.lesson else [course.lesson(i) for i in course.lesson_ids()]


@contextlib.contextmanager
def _stdout_for_reports_only():
    """While grading, what this process runs besides the report (the instructor's reference solution,
    its models, the checks) prints to stderr: stdout carries the report alone, so that a report on
    stdout (``--format json``) stays what it says it is."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
        os.dup2(2, 1)
    except OSError:  # no stderr to send it to: leave stdout as it is
        saved = None
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        if saved is not None:
            os.dup2(saved, 1)
            os.close(saved)


def _grade(args) -> int:
    options = formats.FormatOptions(verbose=args.verbose)
    targets = _targets(args.format or ["text"], args.output, options)  # a bad format is a usage error first
    if args.fail_under is not None and not 0 <= args.fail_under <= 100:
        raise UsageError(f"--fail-under must be a percentage between 0 and 100, not {args.fail_under:g}")
    course = _course(args)
    if args.submission is None:
        args.submission = _default_submission(course, args.lesson)
    given = Path(args.submission)
    with _unzipped(given) as opened:
        args.submission = opened
        try:
            return _grade_opened(args, course, targets, "" if opened == given else str(given))
        except GraderError as exc:  # a zip's scratch folder, gone once the grade ends, is named as the zip
            if opened != given:
                exc.message = str(exc).replace(str(opened), str(given))
            raise


def _grade_opened(args, course, targets, shown_as: str) -> int:
    from grader.grading.engine import grade
    from grader.submission.files import choose_lesson

    with _stdout_for_reports_only():
        # read once, for the grade and _locate (a missing path: grade says so)
        lesson = choose_lesson(course, Path(args.submission), args.lesson).lesson if Path(args.submission).exists() \
            else args.lesson
        report = grade(args.submission, lesson=lesson, course=course, solutions=args.solutions, student=args.student)
        report.submission = shown_as or report.submission
    _locate(report, lesson, args.submission)  # the lesson the grade read: grade() refuses a path that is not there
    view = report.for_audience(args.audience)
    for writer, path in targets:
        if path:
            atomic.write(path, lambda stream, writer=writer: writer.write(view, stream))
        else:
            writer.write(view, sys.stdout)
    for line in formats.log_lines(report, args.audience, [writer.name for writer, _ in targets]):
        _say(line)  # the machine's confinement, an id the submission names: the instructor's, not in the reports
    if report.broken_checks:  # the grader's fault, never silently the student's points
        _say(f"{report.suite_fault()}: the score above is not final")
        return GRADER_FAULT
    if args.fail_under is not None and report.percent < args.fail_under:
        _say(f"score {report.percent:.1f}% is below --fail-under {args.fail_under:g}%")
        return 1
    return 0


@contextlib.contextmanager
def _unzipped(path: Path):
    """A ``.zip`` opened as a batch opens one (``grader.submission.unzip``: names, links and sizes checked
    before a byte is written) into a folder that lives for the grade: a TA regrading one student of an
    export gives ``grader grade alice.zip`` what the batch graded. Anything else is itself."""
    if not (path.suffix.lower() == ".zip" and path.is_file()):
        yield path
        return
    from grader.submission import unzip

    with tempfile.TemporaryDirectory(prefix="grader-zip-") as area:
        yield unzip.extract(path, Path(area) / "unzipped")


def _default_submission(course, lesson: str | None) -> Path:
    """``exercises/<lesson>/`` of ``--lesson``, else of the course's default lesson (``make grade``)."""
    folder = course.exercises_dir(course.lesson(lesson) if lesson else course.default_lesson())
    try:
        return folder.relative_to(Path.cwd().resolve())
    except ValueError:
        return folder


def _targets(specs: list[str], output: Path | None,
             options: formats.FormatOptions) -> list[tuple[formats.Format, Path | None]]:
    """``NAME[:FILE]`` specs as (writer, path); at most one report goes to stdout or --output."""
    targets: list[tuple[formats.Format, Path | None]] = []
    seen: set[Path | None] = set()
    for spec in specs:
        name, colon, file = spec.partition(":")
        if colon and not file:
            raise UsageError(f"--format {spec}: name a file after ':' or leave the ':' out")
        path = Path(file) if file else None
        if path is not None and path.resolve() in seen:
            raise UsageError(f"--format {spec}: another report is already written to {file}")
        seen.add(path.resolve() if path else None)
        targets.append((formats.create(name, options), path))
    unplaced = [i for i, (_, path) in enumerate(targets) if path is None]
    if len(unplaced) > 1:
        raise UsageError("only one report can go to standard output (or --output): give the others a file, "
                         "--format NAME:FILE")
    if output is not None:
        if not unplaced:
            raise UsageError("--output names a file for the report without one, but every --format has a file")
        targets[unplaced[0]] = (targets[unplaced[0]][0], output)
    return targets


def _locate(report, lesson, submission: Path) -> None:
    """Point each task at the line of the student function it grades (parsed, never imported)."""
    from grader.submission.files import Submission
    from grader.submission.lines import attach_sources

    attach_sources(report, lesson, Submission.locate(submission, lesson))


def _validate(args) -> int:
    from grader.authoring.validate import validate

    return 0 if validate(_course(args), lesson=args.lesson, solutions=args.solutions, stream=sys.stdout) else 1


def _stubs(args) -> int:
    from grader.authoring.exercises import find_drift, write_stubs

    course = _course(args)
    lessons = _lessons(course, args)
    if args.student or args.roster:  # each student's own copy (grader.authoring.personal)
        from grader.authoring.personal import stubs_for_students

        for path in stubs_for_students(course, lessons, args.student or [], args.roster, args.output, args.check):
            print(f"wrote {path}")
        return 0
    if args.check:
        drift = [problem for lesson in lessons for problem in find_drift(course, lesson)]
        for problem in drift:
            _say(problem)
        return 1 if drift else 0
    for lesson in lessons:
        for path in write_stubs(course, lesson):
            print(f"wrote {path}")
    return 0


def _release(args) -> int:
    from grader.authoring.release import ReleaseRefused, release

    course = _course(args)
    try:
        done = release(course, args.output or course.root / "dist", lesson=args.lesson, force=args.force)
    except ReleaseRefused as exc:  # a verdict on the lesson, like validate's: status 1
        _say(str(exc))
        return 1
    for line in done.gate.lines():  # the verdict each lesson rests on: reused (and its fingerprint) or proved now
        print(line)
    for warning in done.warnings:
        _say(f"warning: {warning}")
    for lesson, verdict in done.forced.items():
        _say(f"released with --force although lesson '{lesson}' does not validate: {verdict}")
    for lesson, suite in done.public.items():
        checks, tasks = sum(len(names) for names in suite.public.values()), len(suite.tasks)
        print(f"{lesson}: {checks} public check{'s' * (checks != 1)} in {tasks} task{'s' * (tasks != 1)} for students"
              + (", graded against the solution's recorded answers" if suite.uses_reference else ""))
    print(f"wrote {done.student}\nwrote {done.autograder}\nwrote {done.archive}")
    return 0


def _batch(args) -> int:
    from grader.batch.commands import batch

    gc.enable()  # a batch is long-lived, unlike the one-shot grade that run() tunes for
    return batch(args, _course(args))


def _gradebook(args) -> int:
    from grader.batch.commands import gradebook

    return gradebook(args, _catalogue_course(args), sys.stdout)


def _catalogue_course(args):
    """The course whose lessons word the misconceptions, if there is one: a gradebook is read without it too."""
    try:
        return _course(args)
    except GraderError:
        if args.course:  # named on the command line: a wrong one is said
            raise
        return None


def _new(args) -> int:
    from grader.authoring.docs import FEEDBACK
    from grader.authoring.scaffold import new_lesson
    from grader.lesson.course import SUITES, Course

    # never the grader's own course as a fallback: a new lesson lands where the instructor stands
    here = (args.course or Path.cwd()).resolve()
    course = Course(next((f for f in (here, *here.parents) if (f / SUITES).is_dir()), here))
    for path in new_lesson(course, args.lesson):
        print(f"wrote {path}")
    print(f"next: edit the files above (docs/authoring.md), then 'grader validate --lesson {args.lesson}'")
    if (course.root / "docs" / FEEDBACK).is_file():
        print("after editing its diagnoses.toml or a mutant's '# diagnosis:' line: 'make docs' (make test "
              "compares docs/feedback.md with them)")
    return 0


def _diagnoses(args) -> int:
    from grader.authoring.diagnoses import listing, markdown, proofs

    lessons = _lessons(_course(args), args)
    text = markdown(lessons, proofs(lessons)) if args.markdown else listing(lessons)
    if args.output:
        atomic.write(args.output, text)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def _variant(args) -> int:
    from grader.authoring.personal import variant_text

    course = _course(args)
    lesson = course.lesson(args.lesson) if args.lesson else course.default_lesson()
    sys.stdout.write(variant_text(course, lesson, args.student, args.format))
    return 0


_COMMANDS = {"grade": _grade, "variant": _variant, "validate": _validate, "stubs": _stubs, "release": _release,
             "new": _new, "diagnoses": _diagnoses, "batch": _batch, "gradebook": _gradebook}


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
