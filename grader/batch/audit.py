"""``grader gradebook override | overrides | history``: what people decided and what the grader did, said.

Kept apart from ``grader.batch.commands`` (the parser) so that the wording of the audit trail grows here
and the parser stays a list of options. Every name printed comes from a class folder or a TA's typing,
so each line passes ``shown`` (one inert line) and ``ci_safe`` (no line a CI runner would obey).
"""

from __future__ import annotations

from grader.batch import history, overrides
from grader.batch.gradebook import Gradebook, number
from grader.exceptions import UsageError
from grader.result.text import ci_safe, shown


def run(args, out) -> int:
    """One of the three actions on ``args.gradebook`` (which must exist)."""
    with Gradebook(args.gradebook, create=False) as book:
        lesson = book.pick_lesson(args.lesson)
        if args.action == "override":
            return _override(book, lesson, args, out)
        if args.action == "overrides":
            found = overrides.trail(book, lesson, every=args.all)
            if not found:
                _say(f"no overrides {'ever set' if args.all else 'hold'} in lesson {lesson}", out)
            for student, item in found:
                cleared = (f" [cleared by {item.cleared_by} on {item.cleared_at[:10]}: {item.cleared_why}]"
                           if item.cleared_at else "")
                _say(f"{student}: {item.said}{cleared}", out)
            return 0
        return _history(book, lesson, args.student, out)


def _override(book: Gradebook, lesson: str, args, out) -> int:
    if args.clear:
        if args.score is not None:
            raise UsageError("--clear takes no SCORE: 'grader gradebook override STUDENT TASK --clear --reason TEXT'")
        overrides.clear_override(book, lesson, args.student, args.task, args.reason, args.by)
        _say(f"cleared the override of {args.student}'s {args.task}: the computed score holds again", out)
        return 0
    if args.score is None:
        raise UsageError("override: give the SCORE ('grader gradebook override STUDENT TASK SCORE --reason TEXT'), "
                         "or --clear")
    item = overrides.set_override(book, lesson, args.student, args.task, args.score, args.reason, args.by)
    row = next(r for r in book.rows(lesson, {args.student}))
    _say(f"{args.student}: {item.said}; their total is now {number(row.score)}", out)
    return 0


def _history(book: Gradebook, lesson: str, student: str, out) -> int:
    found = history.entries(book.db, lesson, student)
    if not found:
        raise UsageError(f"{book.path}: no graded version of '{shown(student, lines=False)}' in lesson {lesson}")
    for entry in found:
        codes = sorted(f"{task}:{code}" for task, codes in entry.diagnoses.items() for code in codes)
        total = f"{number(entry.score)}/{number(entry.max_score)}" if entry.status == "graded" else "refused"
        _say(f"{entry.graded_at[:19]}  {entry.why:<8} suite {entry.suite_version[:12]}  content "
             f"{entry.content_hash[:12]}  {total}" + (f"  {' '.join(codes)}" if codes else ""), out)
    return 0


def _say(line: str, out) -> None:
    print(ci_safe(shown(line, lines=False, limit=2000)), file=out)
