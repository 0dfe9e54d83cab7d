"""The class roster: who is enrolled, whatever handed in (``--roster FILE`` of ``grader batch`` and
``grader gradebook export``).

A class folder names only the students who handed something in; the roster names everyone. With it
a student with no submission is a ``missing`` row instead of nobody, an entry that matches no
enrolled student is listed instead of passing unseen, and an export can carry the ids an LMS imports
grades by (Canvas's user id, SIS ids; Moodle's e-mail or ID number).

The file is a CSV with a header row (docs/class.md, "The roster"): ``id`` (the student id as the
exports name them: what ``grader.batch.identity`` reads from each entry), ``name``, ``email``,
``section`` and the LMS's ids (``LMS_COLUMNS``); every other column is kept, in ``Student.extra``,
for what later needs it: an ``extension`` (or ``extension_<lesson>``) column moves a student's due date,
read by ``grader.batch.late`` against the course's ``[late]`` table (its zone says where a time without
an offset is), so a wrong cell is said, with the line and column, before anything is graded. Ids are
matched after the project's one normalisation (``grader.lesson.variants.normalise_id``), as entries' ids are.

The roster is the instructor's file, but its cells were often typed by students (a display name) and
it has usually passed through a spreadsheet: so it is read strictly, and what is wrong is said with
the file and line, never a traceback: no header, no ``id`` column, a duplicate id (after
normalisation: ``Alice`` and ``alice`` are one student), a file that is not UTF-8 (UTF-16 included,
which Excel's "Unicode text" writes), and a cell a spreadsheet would run as a formula. A UTF-8 BOM
(Excel's "CSV UTF-8") is read as the start of the file it marks, not as part of the first column.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from grader.exceptions import ConfigError, UsageError
from grader.lesson.variants import normalise_id
from grader.result.text import shown

ID_COLUMN = "id"
PERSON_COLUMNS = ("name", "email", "section")
# the LMS's own ids, as an import matches students by them: Canvas's user id and SIS ids, Moodle's
# ID number and user name (docs/class.md, "Exports for the LMS")
LMS_COLUMNS = ("canvas_id", "sis_user_id", "sis_login_id", "idnumber", "username")
MISSING_ZERO, MISSING_BLANK = "zero", "blank"  # course.toml [gradebook] missing: a missing student's score
MAX_ROSTER_BYTES = 16 * 2**20
# a cell a spreadsheet runs: =, +, -, @ first (after blanks), unless it is a plain number such as -3
_FORMULA = re.compile(r"\s*[=+\-@\t\r]")
_NUMBER = re.compile(r"\s*[+-]?\d+([.,]\d+)?\s*")


@dataclass(frozen=True)
class Student:
    """One enrolled student. ``id`` is normalised (``normalise_id``); ``raw_id`` as the file spells it."""

    id: str
    raw_id: str
    name: str = ""
    email: str = ""
    section: str = ""
    lms: dict[str, str] = field(default_factory=dict)  # LMS_COLUMNS present in the file -> this student's value
    extra: dict[str, str] = field(default_factory=dict)  # every other column, as written
    line: int = 0  # where the file names them

    def to_dict(self) -> dict:
        return {"id": self.id, "raw_id": self.raw_id, "name": self.name, "email": self.email,
                "section": self.section, "lms": self.lms, "extra": self.extra, "line": self.line}

    @classmethod
    def from_dict(cls, data: dict) -> Student:
        return cls(**{key: data[key] for key in ("id", "raw_id", "name", "email", "section", "lms", "extra", "line")
                      if key in data})


@dataclass(frozen=True)
class Roster:
    """Every enrolled student by normalised id, in the file's order; ``source``: the file it was read from."""

    source: str
    students: dict[str, Student]
    columns: tuple[str, ...]  # the header, as written

    def match(self, identity: str, student_key: str = "") -> Student | None:
        """The enrolled student an entry is: by the id its layout gives (``identity``), else by the entry's
        name (a plain folder's ``alice.py``; a row of a gradebook from before ids were kept)."""
        for candidate in (identity, student_key):
            try:
                found = self.students.get(normalise_id(candidate) or "")
            except UsageError:
                found = None
            if found is not None:
                return found
        return None

    def has(self, column: str) -> bool:
        """Whether the file has ``column`` and some student a value in it."""
        return any((s.lms.get(column) if column in LMS_COLUMNS else getattr(s, column, "")) for s in
                   self.students.values())


def read(path: Path) -> Roster:
    """The roster in ``path``; UsageError naming the file (and line) for anything that is not a roster."""
    where = f"--roster {shown(str(path), lines=False)}"
    try:
        if path.stat().st_size > MAX_ROSTER_BYTES:
            raise UsageError(f"{where}: larger than {MAX_ROSTER_BYTES >> 20} MiB: not a class list")
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"{where}: cannot be read ({exc.strerror or exc})") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise UsageError(f"{where}: saved as UTF-16 (Excel's 'Unicode text'); save it as 'CSV UTF-8' instead")
    try:
        text = data.decode("utf-8-sig")  # a UTF-8 BOM (Excel's CSV UTF-8) marks the encoding, it is no cell
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise UsageError(f"{where}, line {line}: not UTF-8 (byte 0x{data[exc.start]:02x}); save the file as "
                         "'CSV UTF-8'") from None
    return parse(text, where)


def parse(text: str, where: str) -> Roster:
    """The roster ``text`` holds (``where`` names it in every message)."""
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","  # a spreadsheet in a , decimal locale
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        lines = [(reader.line_num, row) for row in reader]
    except csv.Error as exc:
        raise UsageError(f"{where}, line {reader.line_num}: not CSV ({exc})") from None
    lines = [(number, row) for number, row in lines if any(cell.strip() for cell in row)]
    if not lines:
        raise UsageError(f"{where}: empty; a roster is a CSV file with a header row naming an '{ID_COLUMN}' column")
    header_line, header = lines[0]
    columns = [cell.strip().lower() for cell in header]
    if ID_COLUMN not in columns:
        raise UsageError(f"{where}, line {header_line}: no '{ID_COLUMN}' column in the header "
                         f"({', '.join(shown(c, lines=False, limit=40) for c in columns) or 'nothing'}); the first row "
                         f"must name the columns: {ID_COLUMN}, then any of {', '.join(PERSON_COLUMNS + LMS_COLUMNS)}")
    repeated = sorted({c for c in columns if c and columns.count(c) > 1})
    if repeated:
        raise UsageError(f"{where}, line {header_line}: the column {', '.join(repeated)} is named twice")
    students: dict[str, Student] = {}
    for number, row in lines[1:]:
        if len(row) > len(columns):
            raise UsageError(f"{where}, line {number}: {len(row)} cells, but the header names {len(columns)} columns")
        cells = dict(zip(columns, [cell.strip() for cell in row] + [""] * (len(columns) - len(row)), strict=True))
        for column, cell in cells.items():
            if _FORMULA.match(cell) and not _NUMBER.fullmatch(cell):
                raise UsageError(f"{where}, line {number}, column '{column}': {shown(cell, lines=False, limit=60)!r} "
                                 "starts like a spreadsheet formula; a roster holds names and ids, not formulas: "
                                 "remove it (or the leading character)")
        try:
            student_id = normalise_id(cells[ID_COLUMN])
        except UsageError as exc:
            raise UsageError(f"{where}, line {number}: {exc}") from None
        if student_id is None:
            raise UsageError(f"{where}, line {number}: no student id in the '{ID_COLUMN}' column")
        if student_id in students:
            raise UsageError(f"{where}, line {number}: the id {shown(cells[ID_COLUMN], lines=False, limit=60)!r} is "
                             f"on line {students[student_id].line} already (ids are compared case- and "
                             "blank-insensitively): one row per student")
        students[student_id] = Student(
            student_id, cells[ID_COLUMN], *(cells.get(c, "") for c in PERSON_COLUMNS),
            lms={c: cells[c] for c in LMS_COLUMNS if c in cells},
            extra={c: v for c, v in cells.items() if c and c not in (ID_COLUMN, *PERSON_COLUMNS, *LMS_COLUMNS)},
            line=number)
    if not students:
        raise UsageError(f"{where}: a header but no student")
    return Roster(where.removeprefix("--roster "), students, tuple(columns))


def missing_score(course_file: Path | None) -> str:
    """What a missing student scores in an export: ``[gradebook] missing`` of course.toml, ``"blank"`` (no
    grade: the LMS keeps whatever it holds) or ``"zero"``; blank when the course does not say."""
    if course_file is None or not course_file.is_file():
        return MISSING_BLANK
    try:
        data = tomllib.loads(course_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(str(course_file), f"cannot be read ({exc})") from None
    table = data.get("gradebook", {})
    value = table.get("missing", MISSING_BLANK) if isinstance(table, dict) else None
    if value not in (MISSING_ZERO, MISSING_BLANK):
        raise ConfigError(str(course_file), f"must be \"{MISSING_BLANK}\" or \"{MISSING_ZERO}\" in a table "
                          "[gradebook]: a missing student's score", "gradebook.missing")
    return value
