"""The plain data a batch passes around: a Job to grade, and the Outcome that comes back.

Both cross process and machine boundaries (a local grading process's pipe, a Dask task),
so they hold only strings, numbers, paths and the report as a dict: an Outcome becomes
JSON on the way back, never a pickle of grader objects. The gradebook stores Outcomes;
executors (``grader.batch.executors``) produce them.

Whatever an Outcome says came, in the end, from a submission: its report quotes what student
code returned and raised, its reason may quote a file name. ``neutralised`` passes every text
of it through ``grader.result.text.shown`` where it arrives in the coordinator, once, so that
the gradebook (SQLite takes only valid UTF-8), the JSON reports, the CSV and the summary never
receive a lone surrogate, an ESC or a bidi override, whatever a worker sent.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from grader.result.text import LIMIT, shown, unsafe_json

STATUSES = ("graded", "rejected", "error")
# graded:   the submission was graded (whatever its score)
# rejected: the submission cannot be graded as handed in (SubmissionError): final until it changes
# error:    the grader failed (a crash, a hang, a lost machine): retried on the next run


@dataclass(frozen=True)
class Job:
    student: str
    path: Path  # what is graded: often a temporary copy (an unzipped folder)
    content_hash: str = ""
    shown_as: str = ""  # the entry in the submissions folder, which the reports name instead of ``path``
    identity: str = ""  # whose numbers it is graded with: the student's id as the folder's layout gives it


@dataclass
class Outcome:
    student: str
    status: str
    report: dict | None = None  # Report.to_dict(): everything, as the instructor reads it
    student_report: str | None = None  # the JSON report the student may read (hidden checks stay hidden)
    reason: str = ""  # why it was rejected or failed; empty when graded
    seconds: float = 0.0  # wall time spent grading it, in the worker
    attempts: int = 1
    worker: str = ""  # which worker graded it, for the instructor chasing a problem

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Outcome:
        return cls(**data)

    @property
    def score(self) -> float | None:
        return self.report["score"] if self.report else None


def neutralised(outcome: Outcome) -> Outcome:
    """``outcome`` with every text inert (``shown``: nothing cut, only escaped); clean text is unchanged."""
    outcome.student = shown(outcome.student, lines=False, limit=max(LIMIT, len(outcome.student)))
    outcome.reason = _inert(outcome.reason)
    outcome.worker = shown(outcome.worker, lines=False)
    if outcome.report is not None:
        outcome.report = _inert_data(outcome.report)
    if outcome.student_report and unsafe_json(outcome.student_report):
        try:
            data = json.loads(outcome.student_report)
        except ValueError:
            data = None
        if data is None:  # not JSON after all: then it is only text, kept inert
            outcome.student_report = _inert(outcome.student_report)
        else:
            outcome.student_report = json.dumps(_inert(data), indent=2, ensure_ascii=False) + "\n"
    return outcome


def _inert_data(value):
    """``value`` (JSON data) with every text inert; as it is when its JSON holds nothing ``shown`` would escape,
    which a report of 700 strings, walked string by string twice per outcome, cost a batch's coordinator 2 ms."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return _inert(value)
    return _inert(value) if unsafe_json(text) else value


def _inert(value):
    if isinstance(value, str):
        return shown(value, limit=max(LIMIT, len(value)))
    if isinstance(value, dict):
        return {_inert(k): _inert(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_inert(v) for v in value]
    return value


def place(outcome: Outcome, source: str) -> None:
    """Name the entry in the submissions folder (``source``) in both reports, not the temporary copy that was graded.

    Executors that passed ``Job.shown_as`` on have done so already; decoding and re-encoding
    the student's report here cost the coordinator a core's worth of a big batch.
    """
    if outcome.report is not None and outcome.report.get("submission") == source:
        return
    if outcome.report is not None:
        outcome.report["submission"] = source
    if outcome.student_report:
        try:
            data = json.loads(outcome.student_report)
        except ValueError:
            return
        if isinstance(data, dict) and "submission" in data:
            data["submission"] = shown(Path(source).name, lines=False)
            outcome.student_report = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
