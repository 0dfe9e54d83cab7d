"""What the class report reads of each student beyond the summary's counts: one ``Standing`` per row
of the gradebook and one ``Facts`` per graded report, gathered once by ``summarize`` so that the
report written at the end of a batch and the one written from the gradebook afterwards agree.

Why a Protocol and optional fields: the gradebook's rows today carry a student, a status, a total
and per-task scores; a roster adds students who handed in nothing (``missing``) and a ``section``,
a late policy adds ``late`` and its ``penalty``. The report reads those with ``getattr`` and a
default of None, so a row without them is "not known" (the part says it needs a roster or a late
policy), never a crash, and a row type that grows them is shown without a change here.

An untouched task and a call that ran out of time are the report's flags (a task's ``not_started``, a
check's ``timed_out``), never its words. Only a failed row whose whole grading ran out of time is read
from its reason (``TIMED_OUT``): the gradebook keeps no flag for it yet.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Protocol

from grader.result.text import shown

# what a failed row's reason says when its whole grading ran out of time (grader.batch.executors.local, the
# sandbox's import and cells): the row has no flag for it yet
TIMED_OUT = ("did not finish within", "ran past its time limit")


class RowLike(Protocol):
    """A gradebook row as the class report reads it (``grader.batch.gradebook.Row`` is one). A row may also
    carry ``section`` (str), ``missing`` (bool: on the roster, nothing handed in), ``late`` (bool, or the hours
    late) and ``penalty`` (points taken for lateness); any of them absent or None means not known."""

    student: str
    status: str  # graded, rejected, error (and "missing" for a roster's student with no entry)
    score: float | None
    tasks: dict[str, float]


@dataclass(frozen=True)
class Standing:
    """One student as the report shows them: their grade and, when known, section, absence and lateness."""

    student: str
    status: str
    score: float | None
    tasks: dict[str, float]
    section: str | None = None
    missing: bool | None = None
    late: float | bool | None = None  # True or the hours late; False: on time; None: no late policy
    penalty: float | None = None
    reason: str = ""  # why a row is refused or failed
    overrides: tuple = ()  # grader.batch.overrides.Override of each task a person's score decides

    @property
    def timed_out(self) -> bool:
        """A failed row whose grading itself ran out of time (the whole submission hung): no report to read."""
        return self.status == "error" and any(words in self.reason for words in TIMED_OUT)

    @property
    def is_late(self) -> bool:
        return self.late is not None and self.late is not False and self.late != 0


def standing(row: RowLike) -> Standing:
    """A row as a Standing; a field the row does not carry stays None (not known)."""
    section = getattr(row, "section", None)
    missing = getattr(row, "missing", None)
    if row.status == "missing":
        missing = True
    late = getattr(row, "late", None)
    penalty = getattr(row, "penalty", None)
    return Standing(row.student, row.status, row.score, dict(row.tasks or {}),
                    shown(section, lines=False, limit=80) if section not in (None, "") else None,
                    bool(missing) if missing is not None else None,
                    late if isinstance(late, (bool, int, float)) else None,
                    float(penalty) if isinstance(penalty, (int, float)) and not isinstance(penalty, bool) else None,
                    getattr(row, "reason", "") if isinstance(getattr(row, "reason", ""), str) else "",
                    tuple(getattr(row, "overrides", None) or ()))


@dataclass(frozen=True)
class Facts:
    """What one graded report says beyond its scores: untouched, its diagnoses, its timeouts, each check."""

    student: str
    untouched: bool  # every task still the stub or unanswered
    diagnoses: tuple[tuple[str, str], ...]  # (task, code), each once
    timeouts: tuple[str, ...]  # tasks where a call ran out of time
    checks: dict[tuple[str, str], tuple[bool, float]]  # (task, check) -> (passed, its points)


@dataclass
class ClassView:
    standings: list[Standing] = field(default_factory=list)
    facts: dict[str, Facts] = field(default_factory=dict)  # graded students only
    checks: list[tuple[str, str]] = field(default_factory=list)  # (task, check) in task order, then report order

    def known(self, name: str) -> bool:
        """Whether any row carries ``name`` (section, missing, late): else the part needs a roster or a policy."""
        return any(getattr(s, name) is not None for s in self.standings)


def gather(rows, reports, task_order=()) -> ClassView:
    """The view of ``rows`` (RowLike) and ``reports`` ((student, instructor report dict) of graded rows)."""
    view = ClassView([standing(row) for row in rows])
    order = {task: i for i, task in enumerate(task_order)}
    seen: dict[tuple[str, str], int] = {}
    for student, report in reports:
        found = facts(student, report)
        view.facts[student] = found
        for key in found.checks:
            seen.setdefault(key, len(seen))
    view.checks = sorted(seen, key=lambda key: (order.get(key[0], len(order)), seen[key]))
    return view


def enrol(view: ClassView, lines) -> None:
    """``view`` with a roster's knowledge: each row's section, and a ``missing`` standing for each enrolled
    student with no row. ``lines``: ``grader.batch.exports.lines``' pairs (``row``: a gradebook row or None,
    ``student``: the roster's student or None), so the report and the export agree on who is missing."""
    sections = {line.row.student: line.student.section for line in lines if line.row is not None and line.student}
    view.standings = [dataclasses.replace(s, section=shown(sections[s.student], lines=False, limit=80) or None,
                                          missing=False) if s.student in sections else s for s in view.standings]
    for line in lines:
        if line.row is None and line.student is not None:
            who = f"{line.student.name} ({line.student.raw_id})" if line.student.name else line.student.raw_id
            view.standings.append(Standing(shown(who, lines=False, limit=200), "missing", None, {},
                                           shown(line.student.section, lines=False, limit=80) or None, True))


def facts(student: str, report) -> Facts:
    tasks = report.get("tasks") if isinstance(report, dict) else None
    tasks = [t for t in tasks if isinstance(t, dict) and isinstance(t.get("id"), str)] if isinstance(tasks, list) \
        else []
    diagnoses: dict[tuple[str, str], None] = {}
    timeouts: list[str] = []
    checks: dict[tuple[str, str], tuple[bool, float]] = {}
    untouched = bool(tasks)
    for task in tasks:
        untouched = untouched and _score(task.get("score")) == 0 and task.get("not_started") is True
        for item in task.get("diagnoses") or []:
            if isinstance(item, dict) and isinstance(item.get("code"), str) and item["code"]:
                diagnoses[(task["id"], item["code"])] = None
        listed = [c for c in task.get("checks") or [] if isinstance(c, dict) and isinstance(c.get("name"), str)]
        weights = sum(_score(c.get("weight", 1.0)) for c in listed)
        top = _score(task.get("max_score"))
        for check in listed:
            if not check.get("passed") and check.get("timed_out") is True and task["id"] not in timeouts:
                timeouts.append(task["id"])
            points = top * _score(check.get("weight", 1.0)) / weights if weights else 0.0
            checks[(task["id"], check["name"])] = (bool(check.get("passed")), points)
    return Facts(student, untouched, tuple(diagnoses), tuple(timeouts), checks)


def _score(value) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0
