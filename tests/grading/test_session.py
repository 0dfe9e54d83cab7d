"""grader.grading.session: a session proves its sandbox once, before the first submission.

The canary goes through the session's fork server (the one its submissions' workers come
from); a sandbox that fails it is replaced before any student is graded, and a worker that
cannot start later in the batch is the grader's fault for that submission (an ``error`` row,
retried on the next run), never a zero.
"""

from __future__ import annotations

import pytest

from grader.batch.executors.base import grade_one
from grader.exceptions import CanaryFailed, SandboxFailed, WorkerDied
from grader.grading.session import GradingSession
from grader.lesson.course import Course
from grader.sandbox import canary, confine
from grader.sandbox.forkserver import ForkServer

from paths import ROOT

COURSE = Course(ROOT)
SOLUTION = ROOT / "solutions" / "prefill"
STUBS = ROOT / "exercises" / "prefill"
FIRST, WEAKER = confine.Sandbox("limited", "first choice"), confine.Sandbox("limited", "weaker", stays=True)


@pytest.fixture
def canaries(monkeypatch):
    """The boxes the canary was run in, this process's verdict starting afresh over FIRST then WEAKER;
    ``failing`` holds the boxes whose canary fails (as a worker that cannot switch users would)."""
    monkeypatch.setattr(confine, "current", lambda: FIRST)
    monkeypatch.setattr(confine, "fallbacks", lambda box: [FIRST, WEAKER])
    monkeypatch.setattr(canary, "_state", None)
    runs, original = [], canary.run

    def run(launch, folder, box, limits, seconds):
        runs.append(box)
        if box.mode == FIRST.mode and box.stays == FIRST.stays and run.failing:
            raise CanaryFailed("[Errno 1] setgroups() failed: Operation not permitted", switching=True, uid=65534)
        return original(launch, folder, box, limits, seconds)

    run.failing = False
    monkeypatch.setattr(canary, "run", run)
    return run, runs


def test_a_session_grades_the_canary_once_not_once_per_student(canaries):
    _, runs = canaries
    with GradingSession("prefill", COURSE) as session:
        reports = [session.grade(folder) for folder in (SOLUTION, STUBS, SOLUTION)]
    assert runs == [FIRST] and canary.settled()
    assert [r.score for r in reports] == [17, 0, 17] and not any(r.sandbox_fallback for r in reports)


def test_a_session_whose_sandbox_fails_the_canary_starts_in_the_next_and_every_report_says_so(canaries):
    run, runs = canaries
    run.failing = True
    with GradingSession("prefill", COURSE) as session:
        reports = [session.grade(SOLUTION), session.grade(SOLUTION)]
    assert [(box.mode, box.stays) for box in runs] == [("limited", False), ("limited", True)]
    assert all(r.score == 17 and r.sandbox == "limited (weaker)" for r in reports)
    assert reports[0].sandbox_fallback == reports[1].sandbox_fallback == (
        "graded in limited mode with the worker staying root: the grader's canary failed in limited mode: "
        "[Errno 1] setgroups() failed: Operation not permitted")


def test_a_worker_that_cannot_start_mid_batch_is_an_error_row_for_the_grader_never_a_zero(canaries, monkeypatch):
    with GradingSession("prefill", COURSE) as session:
        assert session.grade(SOLUTION).score == 17

        def gone(self, module_name, module_path):
            raise WorkerDied("the fork server stopped answering: bwrap: Can't mount proc on /newroot/proc")

        monkeypatch.setattr(ForkServer, "spawn", gone)
        with pytest.raises(SandboxFailed, match="not the submission's"):
            session.grade(SOLUTION)
        outcome, sound = grade_one(session, "alice", SOLUTION)
    assert outcome.status == "error" and outcome.report is None and not sound  # retried next run, session replaced
    assert "could not run the grader's canary" in outcome.reason and "Can't mount proc" in outcome.reason


def test_a_session_where_no_sandbox_runs_the_canary_does_not_start(canaries, monkeypatch):
    run, _ = canaries
    run.failing = True
    monkeypatch.setattr(confine, "fallbacks", lambda box: [FIRST])
    with pytest.raises(SandboxFailed, match="no sandbox can run the grader's canary"):
        GradingSession("prefill", COURSE)


def test_a_submission_is_not_read_while_the_suite_is_still_being_collected(canaries, monkeypatch):
    """CPython 3.11 before 3.11.8 fails ast.parse in two threads at once ("AST constructor recursion
    depth mismatch", gh-106905): the session's first grade waits for pytest's collection."""
    import time

    import grader.grading.session as module
    import grader.grading.suite_thread as thread

    monkeypatch.setattr("grader.grading.collect.direct_checks", lambda lesson, imported=None: None)  # pytest's
    seen, original, collect = [], module.grade, thread.invoke_pytest
    monkeypatch.setattr(thread, "invoke_pytest", lambda *a: (time.sleep(2), collect(*a))[1])  # a slow collection

    def grade(*args, **kwargs):
        seen.append(session._suite._plugin.collected.is_set())
        return original(*args, **kwargs)

    monkeypatch.setattr(module, "grade", grade)
    with GradingSession("prefill", COURSE) as session:
        # nor does the caller's code between opening the session and its first grade (a test that
        # materialises a mutant parses it: the run beside a busy machine failed 17 tests so)
        assert session._suite._plugin.collected.is_set()
        assert session.grade(STUBS).score == 0
    assert seen == [True]


def test_a_suite_that_needs_no_pytest_is_run_without_it_and_grades_as_one_that_does(canaries, monkeypatch):
    """A session collects the suite as a single grade does (grading.collect): pytest's import and start-up
    spared, and every check's result what the session's pytest run gives."""
    def results(session):
        return [[(t.id, t.score, [(c.name, c.passed, c.message, c.diagnosis) for c in t.checks]) for t in report.tasks]
                for report in (session.grade(STUBS), session.grade(ROOT / "solutions" / "prefill"))]

    with GradingSession("prefill", COURSE) as session:
        assert type(session._suite).__name__ == "_DirectSuite"
        direct = results(session)
    monkeypatch.setattr("grader.grading.collect.direct_checks", lambda lesson, imported=None: None)
    with GradingSession("prefill", COURSE) as session:
        assert type(session._suite).__name__ == "SuiteThread"
        assert direct == results(session)



def test_what_one_submission_showed_of_its_functions_is_never_said_of_the_next(tmp_path):
    """Each submission's own evidence (where its functions of arrays raise: ``grading.shapes``) is asked of its own
    worker, and said for it as a single grade says it, however many came before in the session."""
    one_shape = ("\n\ndef prefill_matches_sequential(X, W):\n    if X.shape != W.shape:\n"
                 "        raise ValueError('X and W must have the same shape')\n    return True\n")
    folders = []
    for k in range(2):
        folder = tmp_path / f"s{k}"
        folder.mkdir()
        (folder / "prefill.py").write_text((SOLUTION / "prefill.py").read_text(encoding="utf-8") + one_shape,
                                           encoding="utf-8")
        folders.append(folder)
    with GradingSession("prefill", COURSE) as session:
        said = [session.grade(folder).task("prefill_matches_sequential").feedback for folder in folders]
    assert all("raised ValueError in exactly those where P ≠ d" in text for text in said), said
