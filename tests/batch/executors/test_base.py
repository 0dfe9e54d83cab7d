"""grader.batch.executors.base: the one grading step every executor runs, and the Outcome it returns."""

from __future__ import annotations

import json
from pathlib import Path

from grader.batch.executors.base import grade_one
from grader.batch.jobs import Outcome
from grader.exceptions import ConfigError, ImportFailed, SubmissionError
from grader.result import CheckResult, Report, TaskResult


class Session:
    def __init__(self, error: BaseException | None = None, broken: bool = False):
        self.error, self.broken = error, broken

    def grade(self, path):
        if self.error is not None:
            raise self.error
        hidden = CheckResult("secret", passed=False, message="causal_mask(7) returned 3; expected 28",
                             visibility="hidden", safe_message="the count must be P(P+1)/2", broken=self.broken)
        task = TaskResult(id="t", title="t", max_score=3.0, checks=[CheckResult("c", passed=True), hidden])
        return Report(lesson="prefill", title="", submission=str(path), tasks=[task], output="printed")


def test_a_grade_carries_the_instructor_report_and_the_student_copy():
    outcome, sound = grade_one(Session(), "alice", Path("alice.py"))
    assert sound and outcome.status == "graded" and outcome.score == 1.5
    assert "returned 3; expected 28" in json.dumps(outcome.report)  # the instructor sees everything
    student = json.loads(outcome.student_report)
    assert student["score"] == 1.5
    assert "expected 28" not in outcome.student_report  # a hidden check's inputs stay hidden
    assert "P(P+1)/2" in outcome.student_report
    assert Outcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome


def test_failures_become_outcomes_with_their_reasons():
    rejected, sound = grade_one(Session(SubmissionError("alice.py: no such file")), "alice", Path("alice.py"))
    assert (rejected.status, rejected.reason, sound) == ("rejected", "alice.py: no such file", True)
    broken, sound = grade_one(Session(ConfigError("lesson.toml", "broken", "tasks[0]")), "a", Path("a"))
    assert (broken.status, broken.reason, sound) == ("error", "lesson.toml, key 'tasks[0]': broken", True)
    crashed, sound = grade_one(Session(KeyError("x")), "a", Path("a"))
    assert crashed.status == "error" and "internal error while grading (KeyError" in crashed.reason and not sound
    leaked, sound = grade_one(Session(ImportFailed("escaped")), "a", Path("a"))  # a BaseException
    assert leaked.status == "error" and not sound


def test_a_reason_names_the_entry_not_the_scratch_folder_a_zip_was_graded_from():
    scratch = Path("/tmp/grader-batch-x1/unzipped/ana")
    error = SubmissionError(f"{scratch}: holds neither prefill.py nor answers.toml")
    rejected, _ = grade_one(Session(error), "ana", scratch, shown_as="class/ana.zip")
    assert rejected.reason == "class/ana.zip: holds neither prefill.py nor answers.toml"
    alone, _ = grade_one(Session(error), "ana", scratch)  # no entry to name: the path as it is
    assert alone.reason == error.args[0]


def test_a_grade_with_a_check_that_could_not_reach_a_verdict_is_the_graders_fault_not_a_score():
    """Half marks here would be the suite's bug costing the student: a row to retry once it is fixed."""
    outcome, sound = grade_one(Session(broken=True), "alice", Path("alice.py"))
    assert sound and (outcome.status, outcome.report, outcome.score) == ("error", None, None)
    assert outcome.reason == ("1 check could not reach a verdict: t (secret); a fault of the lesson's suite or of "
                              "its reference solution, not of the submission")


class Recording(Session):
    def grade(self, path, student=None):
        self.student = student
        return super().grade(path)


def test_the_entrys_id_is_the_sessions_student_and_no_id_is_a_grade_as_before():
    """Whose numbers a submission is graded with comes from the batch entry, passed on as ``student``;
    without one the session is called as it always was (a session of a lesson without variants)."""
    session = Recording()
    grade_one(session, "smithjohn_12345", Path("a.py"), identity="12345")
    assert session.student == "12345"
    outcome, _ = grade_one(Session(), "alice", Path("a.py"))  # a session that takes no student at all
    assert outcome.status == "graded"
