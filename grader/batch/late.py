"""Due dates and late penalties: ``[late]`` of course.toml read strictly, and what a submission time costs.

A course says, per lesson, when work is due and what lateness costs
(docs/class.md, "Due dates and late work")::

    [late]
    zone = "Europe/Paris"              # where a date or time written without an offset is read
    per = "day"                        # defaults for every lesson below: "hour" or "day"
    fraction = 0.1                     # taken per started unit: a fraction of the lesson's maximum ...
    cap = 0.5                          # ... at most this much in all (points, with `points = ...`)
    of = "maximum"                     # what fraction and cap are of: "maximum" (default) or the student's "score"
    grace_minutes = 15                 # this long after the due time is still on time
    # (a lesson that gives its own fraction or points takes neither the fraction nor the cap above)

    [late.prefill]
    due = 2026-03-02T23:59:00+01:00    # ISO 8601; a date alone is due at the end of that day

A roster column ``extension`` (or ``extension_<lesson>``, for one lesson) moves one student's due time: a
new due date (``2026-03-05T23:59:00+01:00``, or without an offset, in ``zone``) or a length (``48h``,
``2d``) added to the lesson's.

Why a module of its own, and pure (times and scores in, a penalty out; nothing read but the course's
TOML): the policy is what an instructor checks by hand against a student's complaint, so it is one short
function (``Policy.penalty``) with its rule written once, and tested without grading anything. Where the
submission time comes from is ``grader.batch.submitted``; the gradebook keeps the time, its source, the
raw score, the penalty and the final score (``grader.batch.lateness``).

Why strict: a due date is money for a student. A key not known here (``fracton``), a date that is not
one, a zone the machine does not know, a penalty without its unit: each is a ConfigError naming
course.toml and the key, never a silent default. A time without an offset is read in ``zone``, which
must be declared when any such time is used: never the grading machine's own zone.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from grader.batch.roster import Roster, Student
from grader.exceptions import ConfigError, UsageError
from grader.result.text import shown

TABLE = "late"
UNITS = {"hour": 3600.0, "day": 86400.0}
POLICY_KEYS = ("per", "fraction", "points", "cap", "of", "grace_minutes")
OF = ("maximum", "score")  # what a fraction (and its cap) is taken of: the lesson's maximum, or the raw score
LESSON_KEYS = ("due", *POLICY_KEYS)
EXTENSION_COLUMN = "extension"  # a roster column: every lesson's; extension_<lesson>: that lesson's only
_LENGTH = re.compile(r"\s*(?P<amount>\d+(?:\.\d+)?)\s*(?P<unit>h|hours?|d|days?)\s*", re.IGNORECASE)
_DATE = re.compile(r"\s*\d{4}-\d{2}-\d{2}\s*")
_OFFSET = re.compile(r"(?P<sign>[+-])(?P<hours>\d{2}):(?P<minutes>\d{2})")


class NoZone(ValueError):
    """A time without an offset where ``[late]`` declares no zone to read it in."""


@dataclass(frozen=True)
class Policy:
    """One lesson's due time and what lateness costs; ``fraction`` and ``points`` are per started ``per``."""

    lesson: str
    due: _dt.datetime  # aware
    per: str | None = None  # "hour" or "day"; None: lateness is recorded, nothing is taken
    fraction: float | None = None  # of the lesson's maximum, per started unit
    points: float | None = None  # points per started unit
    cap: float | None = None  # the most taken in all: a fraction of the maximum with ``fraction``, else points
    grace: _dt.timedelta = _dt.timedelta(0)
    of: str = "maximum"  # OF: a fraction (and its cap) of the lesson's maximum, or of the student's raw score

    def penalty(self, late: _dt.timedelta, score: float, max_score: float) -> float:
        """The points taken for handing in ``late`` after the due time, from a raw ``score`` of ``max_score``.

        The rule, once: within the grace period nothing; past it, every started unit (``per``) counts
        whole, from the due time (not from the end of the grace): 25 hours late at 10% a day is two days,
        20%. Then at most the cap, and never more than the score (a final score is never below 0)."""
        if late <= self.grace or late <= _dt.timedelta(0) or self.per is None:
            return 0.0
        units = math.ceil(late.total_seconds() / UNITS[self.per])
        base = max_score if self.of == "maximum" else score  # 10 % of 17, or 10 % of what they scored
        each = self.fraction * base if self.fraction is not None else (self.points or 0.0)
        taken = units * each
        if self.cap is not None:
            taken = min(taken, self.cap * base if self.fraction is not None else self.cap)
        return round(max(0.0, min(taken, score)), 6)


@dataclass(frozen=True)
class Rules:
    """A course's ``[late]`` table: its zone and each lesson's policy (a lesson not in it has none)."""

    source: str  # the course.toml it was read from
    zone: _dt.tzinfo | None  # None: not declared (then every time must carry its offset)
    lessons: dict[str, Policy]

    def due(self, lesson: str, student: Student | None, roster_source: str = "") -> _dt.datetime | None:
        """``student``'s due time for ``lesson`` (their extension applied); None when the lesson has no policy.
        UsageError naming the roster's file, line and column for an extension that is not one."""
        policy = self.lessons.get(lesson)
        if policy is None:
            return None
        if student is None:
            return policy.due
        column = f"{EXTENSION_COLUMN}_{lesson}".lower()  # the roster reads its header case-insensitively
        column = column if student.extra.get(column, "").strip() else EXTENSION_COLUMN
        cell = student.extra.get(column, "").strip()
        if not cell:
            return policy.due
        where = f"--roster {roster_source}, line {student.line}, column '{column}'"
        length = _LENGTH.fullmatch(cell)
        if length:
            hours = float(length["amount"]) * (24 if length["unit"].lower().startswith("d") else 1)
            try:
                return policy.due + _dt.timedelta(hours=hours)
            except OverflowError:
                raise UsageError(f"{where}: {shown(cell, lines=False, limit=60)!r} is longer than any term") from None
        try:
            when = _when(cell, self.zone)
        except NoZone as exc:
            raise UsageError(f"{where}: {exc}") from None
        except ValueError:
            raise UsageError(f"{where}: {shown(cell, lines=False, limit=60)!r} is neither a new due time (ISO 8601: "
                             "2026-03-05T23:59:00+01:00, or 2026-03-05: the end of that day) nor a length (48h, "
                             "2d)") from None
        if when < policy.due:
            raise UsageError(f"{where}: {shown(cell, lines=False, limit=60)!r} is before the lesson's own due time "
                             f"({policy.due.isoformat()}): an extension moves the due time later")
        return when

    def check(self, lesson: str, roster: Roster | None) -> None:
        """Every extension of ``roster`` read for ``lesson`` now: a wrong cell is said before anything is graded."""
        for student in (roster.students.values() if roster is not None and lesson in self.lessons else ()):
            self.due(lesson, student, roster.source)


@dataclass(frozen=True)
class Mark:
    """One student's lateness for one lesson, before their score is known (``grader.batch.lateness.columns``
    makes it a gradebook row's, with the score)."""

    policy: Policy
    due: _dt.datetime
    submitted: _dt.datetime | None  # None: the export says nothing of when (then nothing is taken)
    source: str  # how it was read (grader.batch.submitted's SOURCES)
    marked_late: bool | None = None  # the LMS's own flag (Canvas's LATE_), None when it has none

    @property
    def late(self) -> _dt.timedelta | None:
        """How long after the due time it was handed in; 0 when on time or within the grace; None: not known."""
        if self.submitted is None:
            return None
        past = self.submitted - self.due
        return past if past > self.policy.grace and past > _dt.timedelta(0) else _dt.timedelta(0)


def read(course_file: Path | None, lessons: list[str] | None = None) -> Rules | None:
    """The ``[late]`` table of ``course_file``; None when there is none (no due dates, nothing is late).
    ``lessons``: the course's lesson ids, when known: a table for another lesson is a typo, said."""
    if course_file is None or not course_file.is_file():
        return None
    source = str(course_file)
    try:
        data = tomllib.loads(course_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(source, f"cannot be read ({exc})") from None
    if TABLE not in data:
        return None
    return parse(data[TABLE], source, lessons)


def parse(table, source: str, lessons: list[str] | None = None) -> Rules:
    """``[late]`` as ``Rules`` (the module docstring); ConfigError naming ``source`` and the key for anything else."""
    if not isinstance(table, dict):
        raise ConfigError(source, "must be a table: [late] with zone, then [late.<lesson>] with due", TABLE)
    zone = _zone(table["zone"], source) if "zone" in table else None
    defaults = {}
    policies: dict[str, Policy] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            continue
        if key not in ("zone", *POLICY_KEYS):
            raise ConfigError(source, f"unknown key (a [late] table holds zone, {', '.join(POLICY_KEYS)}, and a "
                              "table [late.<lesson>] per lesson)", f"{TABLE}.{key}")
        defaults[key] = value
    for lesson, values in table.items():
        if not isinstance(values, dict):
            continue
        if lessons is not None and lesson not in lessons:
            raise ConfigError(source, f"names no lesson of the course (it has: {', '.join(lessons)})",
                              f"{TABLE}.{lesson}")
        for key in values:
            if key not in LESSON_KEYS:
                raise ConfigError(source, f"unknown key (a lesson's table holds {', '.join(LESSON_KEYS)})",
                                  f"{TABLE}.{lesson}.{key}")
        if "due" not in values:
            raise ConfigError(source, "every lesson with a late policy needs its due time (due = "
                              "2026-03-02T23:59:00+01:00)", f"{TABLE}.{lesson}.due")
        # a lesson's own penalty (fraction or points) comes with its own cap: a default cap, in the other
        # penalty's terms, would mean something else
        own = ("fraction", "points", "cap", "of") if "fraction" in values or "points" in values else ()
        policies[lesson] = _policy(lesson, {**{k: v for k, v in defaults.items() if k != "zone" and k not in own},
                                            **values}, zone, source)
    return Rules(source, zone, policies)


def _policy(lesson: str, values: dict, zone: _dt.tzinfo | None, source: str) -> Policy:
    key = f"{TABLE}.{lesson}"
    try:
        due = _when(values["due"], zone)
    except ValueError as exc:
        raise ConfigError(source, f"{exc} (ISO 8601: 2026-03-02T23:59:00+01:00, or 2026-03-02: the end of that "
                          "day)", f"{key}.due") from None
    per = values.get("per")
    if per is not None and per not in UNITS:
        raise ConfigError(source, f"must be \"hour\" or \"day\", not {per!r}", f"{key}.per")
    fraction, points, cap = (_number(values, name, source, key) for name in ("fraction", "points", "cap"))
    grace = _number(values, "grace_minutes", source, key)
    if fraction is not None and points is not None:
        raise ConfigError(source, "a penalty is a fraction of the maximum or points, not both", f"{key}.points")
    if fraction is not None and fraction > 1:
        raise ConfigError(source, f"is a fraction of the lesson's maximum (0.1 is 10%), not {fraction:g}",
                          f"{key}.fraction")
    taken = fraction is not None or points is not None
    if taken and per is None:
        raise ConfigError(source, "a penalty needs its unit: per = \"hour\" or \"day\"", f"{key}.per")
    if cap is not None and not taken:
        raise ConfigError(source, "a cap needs a penalty (fraction or points)", f"{key}.cap")
    of = values.get("of", "maximum")
    if of not in OF:
        raise ConfigError(source, f"must be \"maximum\" or \"score\" (what a fraction is taken of), not {of!r}",
                          f"{key}.of")
    if "of" in values and fraction is None:
        raise ConfigError(source, "says what a fraction is taken of: it needs fraction", f"{key}.of")
    if cap is not None and fraction is not None and cap > 1:
        raise ConfigError(source, f"with a fraction, the cap is a fraction of the maximum too (at most 1), not "
                          f"{cap:g}", f"{key}.cap")
    return Policy(lesson, due, per if taken else None, fraction, points, cap,
                  _dt.timedelta(minutes=grace or 0.0), of)


def _number(values: dict, name: str, source: str, key: str) -> float | None:
    value = values.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ConfigError(source, f"must be a number, 0 or more, not {value!r}", f"{key}.{name}")
    return float(value)


def _zone(value, source: str) -> _dt.tzinfo:
    """``zone``: "UTC", an offset ("+01:00") or an IANA name ("Europe/Paris", read from the system's data)."""
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(source, "must be a time zone: \"Europe/Paris\", \"UTC\" or \"+01:00\"", f"{TABLE}.zone")
    text = value.strip()
    if text.upper() in ("UTC", "Z"):
        return _dt.UTC
    offset = _OFFSET.fullmatch(text)
    if offset:
        delta = _dt.timedelta(hours=int(offset["hours"]), minutes=int(offset["minutes"]))
        return _dt.timezone(-delta if offset["sign"] == "-" else delta)
    import zoneinfo

    try:
        return zoneinfo.ZoneInfo(text)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ConfigError(source, f"{text!r} is no time zone this machine knows (an IANA name such as "
                          "\"Europe/Paris\", or an offset \"+01:00\"; pip install tzdata where the system has "
                          "none)", f"{TABLE}.zone") from None


def _when(value, zone: _dt.tzinfo | None) -> _dt.datetime:
    """A due time as TOML or a roster cell gives it: a date-time (with an offset, or read in ``zone``), or a
    date (due at the end of that day, in ``zone``). ValueError saying what is wrong."""
    if isinstance(value, str):
        text = value.strip()
        try:
            value = _dt.date.fromisoformat(text) if _DATE.fullmatch(text) else _dt.datetime.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{shown(text, lines=False, limit=60)!r} is not an ISO 8601 date or time") from None
    if isinstance(value, _dt.datetime):
        if value.tzinfo is not None:
            return value
        if zone is None:
            raise NoZone(f"{value.isoformat()} has no UTC offset and [late] declares no zone: write the offset "
                             "(+01:00) or declare zone = \"Europe/Paris\"")
        return value.replace(tzinfo=zone)
    if isinstance(value, _dt.date):
        if zone is None:
            raise NoZone(f"the date {value.isoformat()} is due at the end of the day, but [late] declares no zone "
                             "to say where: declare zone = \"Europe/Paris\" (or \"UTC\")")
        try:
            return _dt.datetime.combine(value + _dt.timedelta(days=1), _dt.time(0), tzinfo=zone)
        except OverflowError:
            raise ValueError(f"the date {value.isoformat()} has no end of day in any calendar") from None
    raise ValueError(f"{value!r} is not a date or time")
