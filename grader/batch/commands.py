"""The command line of a class: ``grader batch`` and ``grader gradebook export | class-report``.

Declared here, not in ``grader.cli``, so that the class's options grow (a roster, LMS formats, and
what issue 23 brings next: late policy, regrades, overrides) without the one-submission commands'
module passing its size limit. ``grader.cli`` hands over its subcommand table and the options several
commands share (``--lesson``, ``--solutions``, ``--gradebook``, declared there once); every option of
these commands is declared once, here, with its help, and docs/cli.md is rendered from it as from the
rest (``grader.cli_docs``). Nothing heavy is imported until a command runs: ``grader grade`` builds
this parser too.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from grader.exceptions import UsageError

ROSTER_HELP = ("the class list: a CSV file with a header naming 'id' (the student id as the exports name them), "
               "and name, email, section, the LMS's ids (canvas_id, sis_user_id, sis_login_id, idnumber, username); "
               "students without a submission get a 'missing' row (docs/class.md)")


def add_commands(commands, shared) -> None:
    """Add ``batch`` and ``gradebook`` to ``commands`` (argparse subparsers); ``shared``: grader.cli's options
    declared once (``one``: --lesson, ``solutions``, ``gradebook``)."""
    roster = argparse.ArgumentParser(add_help=False)
    roster.add_argument("--roster", type=Path, metavar="FILE", help=ROSTER_HELP)

    batch = commands.add_parser("batch", parents=[shared.one, shared.solutions, shared.gradebook, roster],
                                help="grade a whole class into a gradebook: parallel, resumable")
    batch.add_argument("submissions", type=Path, help="folder of submissions, one entry per student (a folder, "
                       "a .py, an .ipynb or a .zip of one of those, named after the student)")
    batch.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                       help="grading processes on this machine (default: one per core)")
    batch.add_argument("--csv", type=Path, metavar="FILE", help="also export the gradebook as CSV (one row per "
                       "student, a column per task, total, max)")
    batch.add_argument("--reports", type=Path, metavar="DIR", help="write each student's JSON report to "
                       "DIR/<student>.json (an odd name gets a safe file name: its ASCII letters, ~ and a hash); "
                       "with --class-report also their HTML page, DIR/<student>.html, which every name links to")
    batch.add_argument("--executor", default="local", help="local (default): worker processes here; dask: the "
                       "Dask cluster at --scheduler")
    batch.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786")
    batch.add_argument("--regrade", action="store_true", help="grade every submission again, even unchanged ones "
                       "(a regrade killed half way is finished by the next plain run)")
    batch.add_argument("--dry-run", action="store_true", help="grade into a scratch copy of the gradebook and show "
                       "whose grade would change (old -> new total, the tasks, the diagnoses gained and lost), "
                       "applying nothing; with --regrade or after a change of the suite")
    batch.add_argument("--diff", type=Path, metavar="FILE", help="--dry-run: write the changes as CSV to FILE "
                       "(default: <gradebook name>.regrade-diff.csv beside the gradebook)")
    batch.add_argument("--class-report", type=Path, metavar="FILE", help="also write the class report: one HTML "
                       "page (totals, each task's difficulty, misconceptions with example students; instructors only)")
    batch.add_argument("--keep", choices=["newest"], help="a student with several entries: grade the newest "
                       "that can be graded (a zip by its newest member) instead of refusing them all")

    gradebook = commands.add_parser("gradebook", help="read a gradebook written by 'grader batch'")
    books = gradebook.add_subparsers(dest="action", required=True, parser_class=type(gradebook))
    export = books.add_parser("export", parents=[shared.one, shared.gradebook, roster],
                              help="one row per student, a column per task, total, max (for an LMS)")
    export.add_argument("--csv", type=Path, required=True, metavar="FILE", help="CSV file to write")
    export.add_argument("--format", choices=["csv", "canvas", "moodle"], default="csv",
                        help="csv (default): the gradebook's columns; canvas: Canvas's gradebook import (Student, "
                             "ID, SIS User ID, SIS Login ID, Section, '<assignment> (<id>)'); moodle: Moodle's grade "
                             "import (Full name, Email address / ID number / Username, a grade column); canvas and "
                             "moodle need a roster (--roster, or the one 'grader batch --roster' kept)")
    export.add_argument("--changed-since", metavar="DATE", help="only the rows graded or changed since DATE (ISO "
                        "8601: 2026-03-02, 2026-03-02T14:00+01:00; UTC without a zone), to upload again")
    export.add_argument("--assignment-id", metavar="ID", help="--format canvas: the assignment's Canvas id, the "
                        "number in its column of Canvas's gradebook export (without it Canvas creates a new "
                        "assignment on import)")
    report = books.add_parser("class-report", parents=[shared.one, shared.gradebook],
                              help="the class report: one HTML page (totals, each task's difficulty, misconceptions "
                                   "with example students; instructors only)")
    report.add_argument("--output", type=Path, required=True, metavar="FILE", help="HTML file to write")
    report.add_argument("--reports", type=Path, metavar="DIR", help="also write each graded student's HTML report "
                        "in DIR (<student>.html) and link every name on the class report to it")
    override = books.add_parser("override", parents=[shared.one, shared.gradebook],
                                help="set a task's score by hand (a TA's decision), kept across regrades with who, "
                                     "when and why; or --clear it")
    override.add_argument("student", help="the student as the gradebook names them (the CSV's student column)")
    override.add_argument("task", help="the task id (a column of the CSV)")
    override.add_argument("score", type=float, nargs="?", help="the task's score, from 0 to its maximum (omit "
                          "with --clear)")
    override.add_argument("--reason", required=True, metavar="TEXT", help="why it was decided: kept, and shown in "
                          "the CSV, the student's report and the class report")
    override.add_argument("--by", metavar="NAME", help="who decides (default: $USER)")
    override.add_argument("--clear", action="store_true", help="clear the override of STUDENT's TASK (kept in the "
                          "audit trail, with --reason as why)")
    listing = books.add_parser("overrides", parents=[shared.one, shared.gradebook],
                               help="list the overrides holding (student, task, score, computed score, who, when, why)")
    listing.add_argument("--all", action="store_true", help="also the cleared and replaced ones: the audit trail")
    past = books.add_parser("history", parents=[shared.one, shared.gradebook],
                            help="every graded version of a student's work: when, which suite, total, why graded")
    past.add_argument("student", help="the student as the gradebook names them")


def batch(args, course) -> int:
    """Exit 0 when every student has a grade or a final refusal; 1 when some grading failed (rerun)."""
    from grader.batch.coordinator import run_batch
    from grader.batch.roster import read

    roster = read(args.roster) if args.roster else None  # a bad roster is said before anything is graded
    options = dict(lesson=args.lesson, jobs=args.jobs, solutions=args.solutions, executor=args.executor,
                   scheduler=args.scheduler, regrade=args.regrade, keep=args.keep, roster=roster)
    if args.dry_run:
        return _dry_run(args, course, options)
    if args.diff is not None:
        raise UsageError("--diff is for --dry-run (a regrade that applies nothing)")
    result = run_batch(args.submissions, course, gradebook=args.gradebook, reports=args.reports, csv=args.csv,
                       class_report=args.class_report, **options)
    return 0 if result.complete else 1


def _dry_run(args, course, options) -> int:
    """``grader batch --dry-run``: the diff of a regrade, nothing applied (grader.batch.regrade)."""
    import sys

    from grader.batch.coordinator import run_batch
    from grader.batch.regrade import dry_run

    for option, value in (("--csv", args.csv), ("--reports", args.reports), ("--class-report", args.class_report)):
        if value is not None:
            raise UsageError(f"{option} writes what a batch applied; --dry-run applies nothing: drop one of them")
    dry_run(lambda **given: run_batch(args.submissions, course, **given), args.gradebook, args.diff, sys.stdout,
            **options)
    return 0


def gradebook(args, course, out) -> int:
    """``grader gradebook ACTION``; ``course``: the course if there is one (a gradebook is read without it)."""
    if args.action == "class-report":
        from grader.batch.class_report import from_gradebook

        students = from_gradebook(args.gradebook, args.output, args.lesson, course, reports=args.reports)
        print(f"wrote {args.output}: {students} students", file=out)
        return 0
    if args.action in ("override", "overrides", "history"):
        from grader.batch.audit import run

        return run(args, out)
    from grader.batch.exports import export, parse_since
    from grader.batch.gradebook import Gradebook
    from grader.batch.roster import missing_score, read
    from grader.result.text import ci_safe, shown

    since = parse_since(args.changed_since) if args.changed_since else None
    if args.assignment_id is not None and args.format != "canvas":
        raise UsageError("--assignment-id is for --format canvas")
    roster = read(args.roster) if args.roster else None
    with Gradebook(args.gradebook, create=False) as book:
        roster = roster or book.roster()  # the one 'grader batch --roster' kept, if any
        written = export(book, args.csv, args.lesson, args.format, roster,
                         missing_score(course.course_file if course is not None else None), since,
                         args.assignment_id)
    print(f"wrote {args.csv}: {written.rows} students", file=out)
    if written.missing:
        print(f"{len(written.missing)} on the roster without a submission (status missing)", file=out)
    for student, entries in written.shared.items():  # both kept: the LMS's import shows the clash too
        print(ci_safe(shown(f"roster student {student} matches {len(entries)} entries ({', '.join(entries)}): "
                            "each is written, keep one", lines=False)), file=out)
    if written.unmatched:  # names from the class folder: inert, and no line of it a CI command
        listed = ", ".join(written.unmatched[:20]) + (", ..." if len(written.unmatched) > 20 else "")
        print(ci_safe(f"{len(written.unmatched)} entries match no student of the roster (kept in the export, with "
                      f"no roster id): {shown(listed, lines=False)}"), file=out)
    return 0

