"""``grader gradebook export``: the gradebook as the CSV an LMS imports, with or without a roster.

Three formats (``FORMATS``), each one row per student:

- ``csv`` (the default): the gradebook's own columns (``Gradebook.export_csv``); with a roster, the
  student's roster id, name, e-mail and section after the entry's name, a ``missing`` row for every
  enrolled student without a submission, and ``on_roster`` saying ``no`` for an entry that matches
  no enrolled student (listed, never dropped: a misnamed upload is still someone's work).
- ``canvas``: Canvas's gradebook import, the columns of Canvas's own gradebook export (``Student``,
  ``ID``, ``SIS User ID``, ``SIS Login ID``, ``Section``, then one column per assignment named
  ``<name> (<assignment id>)``). Canvas matches a row to a student by ``ID``, else by the SIS ids,
  so those come from the roster (``canvas_id``, ``sis_user_id``, ``sis_login_id``), and an assignment
  column by the id in parentheses (``--assignment-id``; without it Canvas creates a new assignment).
- ``moodle``: Moodle's "Import grades from CSV": a column to identify each user by (``Email address``,
  ``ID number`` or ``Username``: Moodle's "Identify user by" maps it on import) and one grade column,
  the lesson's title, which the import maps to the grade item.

Under a late policy (``grader.batch.late``) the csv format keeps ``total`` raw and adds when each student
handed in, by which clock, how late, the penalty and the ``final`` score; canvas and moodle carry the final
score, the grade the LMS should hold.

A row an LMS cannot place (an entry that matches no enrolled student) is written in the canvas and
moodle files too, with blank ids: the LMS's import preview then lists it as unknown, where the
instructor sees it, rather than the grade vanishing here. Every cell passes the spreadsheet-injection
rules of ``grader.batch.gradebook`` (``text_cell``, ``csv_cell``).

A task a person overrode (``grader.batch.overrides``) is exported with its overridden score, and the csv
format gains an ``override`` column (only when some row has one: other exports stay byte for byte as they
were) saying which task, the computed score, who, when and why.

``changed_since``: only rows written since that moment (``graded_at``), for re-uploading what a regrade
or a late submission changed; missing rows are never "changed" and are left out of such an export.
"""

from __future__ import annotations

import datetime as _dt
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from grader import atomic
from grader.batch.gradebook import CSV_STATUS, Gradebook, Row, csv_cell, number, text_cell
from grader.batch.overrides import active as active_overrides
from grader.batch.roster import MISSING_ZERO, Roster, Student
from grader.exceptions import UsageError

FORMATS = ("csv", "canvas", "moodle")
MISSING = "missing"  # a row's status in an export: on the roster, no submission in the gradebook
CANVAS_IDS = ("canvas_id", "sis_user_id", "sis_login_id")  # Canvas matches a student by any of these
MOODLE_IDS = {"email": "Email address", "idnumber": "ID number", "username": "Username"}
LATE_HEADER = ["submitted", "submitted_from", "due", "hours_late", "penalty", "final"]  # under a late policy


@dataclass(frozen=True)
class Line:
    """One student's line of an export: their gradebook row (None: missing), their roster record (None: not
    on the roster, or no roster)."""

    row: Row | None
    student: Student | None

    @property
    def status(self) -> str:
        return MISSING if self.row is None else self.row.status


@dataclass(frozen=True)
class Written:
    """What an export wrote: its rows, and whom it flags (missing, unmatched, one student in several entries)."""

    rows: int
    missing: list[str]  # roster ids without a submission
    unmatched: list[str]  # gradebook students that match no roster student
    shared: dict[str, list[str]] = field(default_factory=dict)  # roster id -> the several entries matching it


def parse_since(text: str) -> _dt.datetime:
    """``--changed-since``: an ISO 8601 date or time; without a zone, UTC (as the gradebook keeps times)."""
    try:
        when = _dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"--changed-since {text!r}: not an ISO 8601 date or time (e.g. 2026-03-02 or "
                         "2026-03-02T14:00:00+01:00)") from None
    return when if when.tzinfo else when.replace(tzinfo=_dt.UTC)


def lines(rows: list[Row], roster: Roster | None) -> tuple[list[Line], list[str], list[str]]:
    """Each row with its roster student, then every enrolled student without a row; and who is missing,
    who is unmatched. Two entries matching one student both stay (the LMS import shows the clash)."""
    if roster is None:
        return [Line(row, None) for row in rows], [], []
    matched: set[str] = set()
    found, unmatched = [], []
    for row in rows:
        student = roster.match(row.identity, row.student)
        if student is None:
            unmatched.append(row.student)
        else:
            matched.add(student.id)
        found.append(Line(row, student))
    missing = [s for s in roster.students.values() if s.id not in matched]
    return found + [Line(None, s) for s in missing], [s.id for s in missing], unmatched


def export(book: Gradebook, target: Path, lesson: str | None = None, fmt: str = "csv", roster: Roster | None = None,
           missing_score: str = "blank", since: _dt.datetime | None = None,
           assignment_id: str | None = None) -> Written:
    """Write ``lesson``'s export in ``fmt`` to ``target`` (atomically); UsageError naming what a format lacks."""
    if fmt not in FORMATS:
        raise UsageError(f"--format {fmt}: not one of {', '.join(FORMATS)}")
    if fmt != "csv" and roster is None:
        raise UsageError(f"--format {fmt} needs a roster with the students' {fmt.capitalize()} ids: pass --roster "
                         "FILE (kept in the gradebook by 'grader batch --roster')")
    if roster is None and since is None and not active_overrides(book.db, book.pick_lesson(lesson)) and not any(
            row.kept for row in book.rows(book.pick_lesson(lesson))):
        rows = book.export_csv(target, lesson)  # the gradebook's own CSV, byte for byte as it always was
        return Written(rows, [], [])
    lesson = book.pick_lesson(lesson)
    rows = book.rows(lesson)
    if since is not None:
        rows = [row for row in rows if _when(row.graded_at) >= since]
    found, missing, unmatched = lines(rows, roster)
    if since is not None:
        found = [line for line in found if line.row is not None]
    table = {"csv": _plain, "canvas": _canvas, "moodle": _moodle}[fmt](book, lesson, found, roster, missing_score,
                                                                       assignment_id)
    text = "".join(",".join(csv_cell(cell) for cell in line) + "\r\n" for line in table)
    atomic.write(Path(target), text, newline="")
    entries = defaultdict(list)
    for line in found:
        if line.row is not None and line.student is not None:
            entries[line.student.id].append(line.row.student)
    return Written(len(found), missing, unmatched, {k: v for k, v in entries.items() if len(v) > 1})


def _when(text: str) -> _dt.datetime:
    try:
        when = _dt.datetime.fromisoformat(text)
    except ValueError:
        return _dt.datetime.min.replace(tzinfo=_dt.UTC)
    return when if when.tzinfo else when.replace(tzinfo=_dt.UTC)


def _total(line: Line, missing_score: str, final: bool = True) -> str:
    """The score an LMS imports: the total less any late penalty (``final``; else the raw total); 0 for a
    refusal; blank for a failure (not a grade); a missing student's as course.toml says (``[gradebook] missing``)."""
    if line.row is None:
        return "0" if missing_score == MISSING_ZERO else ""
    if line.row.status == "graded":
        return number(line.row.final if final else line.row.score)
    return "0" if line.row.status == "rejected" else ""


def _plain(book: Gradebook, lesson: str, found: list[Line], roster: Roster | None, missing_score: str,
           assignment_id: str | None) -> list[list[str]]:
    tasks = book.tasks(lesson)
    task_ids = [t[0] for t in tasks]
    for line in found:
        task_ids += [t for t in (line.row.tasks if line.row else {}) if t not in task_ids]
    max_total = number(sum(t[2] for t in tasks)) if tasks else ""
    people = ["id", "name", "email", "section"] if roster is not None else []
    overridden = any(line.row is not None and line.row.overrides for line in found)  # a column only then
    late = any(line.row is not None and line.row.kept for line in found)  # a late policy: its columns
    total = "raw_total" if late else "total"  # beside a penalty and a final score, the total says it is the raw one
    table = [["student", *people, *task_ids, total, "max", "status", "note", *(LATE_HEADER if late else []),
              *(["on_roster"] if roster else []), *(["override"] if overridden else [])]]
    for line in found:
        row, student = line.row, line.student
        person = [student.raw_id, student.name, student.email, student.section] if student else ["", "", "", ""]
        if row is not None and row.status == "graded":
            cells = [number(row.tasks[t]) if t in row.tasks else "" for t in task_ids]
            top = number(row.max_score)
        else:
            zero = "0" if _total(line, missing_score) == "0" else ""
            cells, top = [zero for _ in task_ids], max_total
        status = MISSING if row is None else CSV_STATUS.get(row.status, row.status)
        note = "no submission" if row is None else row.reason.split("\n", 1)[0]
        table.append([text_cell(row.student if row else student.raw_id), *[text_cell(p) for p in person[:len(people)]],
                      *cells, _total(line, missing_score, final=False), top, status, text_cell(note),
                      *(_late_cells(line, missing_score) if late else []),
                      *([("yes" if student else "no")] if roster else []),
                      *([text_cell("; ".join(o.said for o in row.overrides) if row else "")] if overridden else [])])
    return table


def _late_cells(line: Line, missing_score: str) -> list[str]:
    """When it was handed in and by which clock, the due time (the student's extension applied), how late (hours),
    the points taken and the final score."""
    kept = line.row.kept if line.row is not None else None
    if kept is None:
        return ["", "", "", "", "", _total(line, missing_score)]
    hours = "" if kept.late_seconds is None else number(kept.late_seconds / 3600)
    return [*(text_cell(value or "") for value in (kept.submitted_at, kept.submitted_from, kept.due_at)), hours,
            number(kept.penalty), _total(line, missing_score)]


def _canvas(book: Gradebook, lesson: str, found: list[Line], roster: Roster, missing_score: str,
            assignment_id: str | None) -> list[list[str]]:
    """Canvas's gradebook import: its export's five student columns, then the assignment's."""
    if not any(roster.has(column) for column in CANVAS_IDS):
        raise UsageError(f"--format canvas: the roster {roster.source} has no {', '.join(CANVAS_IDS)} column with "
                         "ids in it; Canvas matches a row to a student by one of them (its gradebook export's ID, "
                         "SIS User ID, SIS Login ID columns)")
    _every_student_has(roster, "canvas", lambda s: any(s.lms.get(c) for c in CANVAS_IDS),
                       "canvas_id, sis_user_id or sis_login_id")
    title = book.lesson_title(lesson) or lesson
    column = f"{title} ({assignment_id})" if assignment_id else title
    table = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", text_cell(column)]]
    for line in found:
        student = line.student
        if student is None:
            table.append([text_cell(line.row.student), "", "", "", "", _total(line, missing_score)])
            continue
        table.append([text_cell(student.name or student.raw_id),
                      *[text_cell(student.lms.get(c, "")) for c in CANVAS_IDS], text_cell(student.section),
                      _total(line, missing_score)])
    return table


def _moodle(book: Gradebook, lesson: str, found: list[Line], roster: Roster, missing_score: str,
            assignment_id: str | None) -> list[list[str]]:
    """Moodle's grade import: the user ids it can identify a user by, the name, then the grade."""
    present = [key for key in MOODLE_IDS if roster.has(key)]
    if not present:
        raise UsageError(f"--format moodle: the roster {roster.source} has no email, idnumber or username column "
                         "with values in it; Moodle's import identifies each user by one of them")
    _every_student_has(roster, "moodle", lambda s: any(s.email if k == "email" else s.lms.get(k) for k in present),
                       " or ".join(present))
    title = book.lesson_title(lesson) or lesson
    table = [["Full name", *[MOODLE_IDS[key] for key in present], text_cell(title)]]
    for line in found:
        student = line.student
        if student is None:
            table.append([text_cell(line.row.student), *["" for _ in present], _total(line, missing_score)])
            continue
        ids = [student.email if key == "email" else student.lms.get(key, "") for key in present]
        table.append([text_cell(student.name or student.raw_id), *[text_cell(i) for i in ids],
                      _total(line, missing_score)])
    return table



def _every_student_has(roster: Roster, fmt: str, has, what: str) -> None:
    """UsageError naming the roster's students (by line) whom the LMS could not match: a grade it would drop."""
    lacking = [s for s in roster.students.values() if not has(s)]
    if lacking:
        listed = ", ".join(f"line {s.line} ({s.raw_id})" for s in lacking[:10]) + (", ..." if len(lacking) > 10 else "")
        raise UsageError(f"--format {fmt}: {len(lacking)} of the roster's students ({roster.source}) have no {what}, "
                         f"by which the import finds a student: {listed}")
