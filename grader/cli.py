"""The ``grader`` command: ``grade`` one submission, ``validate`` a lesson's suite.

Exit status: 0 when grading completed (whatever the score), 1 below ``--fail-under`` or
when validation disagrees, 2 for usage errors and unreadable input, always with a
one-line message instead of a traceback.
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
    grade.add_argument("--format", default="text", help=f"report format: {', '.join(formats.names())} (default text)")
    grade.add_argument("--output", type=Path, help="write the report to this file instead of standard output")
    grade.add_argument("--fail-under", type=float, metavar="PERCENT",
                       help="exit with status 1 when the score is below this percentage (for CI gates)")
    grade.add_argument("--solutions", type=Path, help="reference solutions folder for differential checks")

    validate = commands.add_parser("validate", help="prove the suite: reference full marks, stubs zero, "
                                   "every mutant caught")
    validate.add_argument("--lesson", help="validate only this lesson (default: all)")
    validate.add_argument("--solutions", type=Path,
                          help="a solutions tree to validate instead of the course's (holding <lesson>/ folders)")
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

    writer = formats.get(args.format)  # a bad format is a usage error before any grading
    if args.fail_under is not None and not 0 <= args.fail_under <= 100:
        raise UsageError(f"--fail-under must be a percentage between 0 and 100, not {args.fail_under:g}")
    course = Course(args.course.resolve()) if args.course else find_course()
    report = grade(args.submission, lesson=args.lesson, course=course, solutions=args.solutions)
    if args.output:
        _write_atomically(args.output, writer, report)
    else:
        writer.write(report, sys.stdout)
    if args.fail_under is not None and report.percent < args.fail_under:
        print(f"grader: score {report.percent:.1f}% is below --fail-under {args.fail_under:g}%", file=sys.stderr)
        return 1
    return 0


def _validate(args) -> int:
    from grader.course import Course, find_course
    from grader.validate import validate

    course = Course(args.course.resolve()) if args.course else find_course()
    return 0 if validate(course, lesson=args.lesson, solutions=args.solutions, stream=sys.stdout) else 1


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
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


_COMMANDS = {"grade": _grade, "validate": _validate}


def run() -> None:
    """Entry point of the ``grader`` script and ``python -m grader``.

    A grade is a short-lived process: the cyclic garbage collector is switched off (the
    work is bounded) and, once the report is flushed, the process exits without
    finalizing numpy's and pytest's objects one by one, which otherwise costs about a
    sixth of a whole grade. Temporary folders are already gone by then.
    """
    gc.disable()
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
