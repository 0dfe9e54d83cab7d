"""grader.batch.executors.local: worker processes that survive whatever one submission does to them.

The sessions here are fakes (``fake_sessions.FakeSession``, loaded by the spawned workers by name):
a real GradingSession never lets a submission crash or hang the trusted process, so only a
fake can show what the executor does when the grader itself fails. test_batch.py grades
real submissions through the same executor.
"""

from __future__ import annotations

import time

import pytest

from grader.batch.executors.local import LocalExecutor, WorkerConfig
from grader.batch.jobs import Job
from grader.exceptions import GraderFault, SandboxFailed


def executor(tmp_path, processes=2, timeout=30.0, session="FakeSession") -> LocalExecutor:
    config = WorkerConfig("fake", str(tmp_path), None, session=f"fake_sessions:{session}", log_dir=str(tmp_path))
    return LocalExecutor(config, processes, timeout=timeout)


def jobs(tmp_path, **files: str) -> list[Job]:
    made = []
    for name, text in files.items():
        path = tmp_path / f"{name}.py"
        path.write_text(text)
        made.append(Job(name, path))
    return made


def run(executor_, job_list):
    return {o.student: o for o in executor_.results(job_list)}


def test_every_job_gets_one_outcome_and_each_worker_keeps_one_session(tmp_path):
    work = jobs(tmp_path, **{f"s{i}": str(i % 2) for i in range(10)})
    outcomes = run(executor(tmp_path, processes=2), work)
    assert sorted(outcomes) == [j.student for j in work]
    assert all(o.status == "graded" for o in outcomes.values())
    assert [outcomes[f"s{i}"].score for i in range(4)] == [0.0, 2.0, 0.0, 2.0]
    sessions = {o.report["output"].split()[0] for o in outcomes.values()}
    assert len(sessions) <= 2  # one session per worker, for its whole share
    assert {o.report["output"].split()[1] for o in outcomes.values()} == {"1"}  # OPENBLAS_NUM_THREADS
    assert all(o.student_report and '"score"' in o.student_report for o in outcomes.values())


def test_a_crash_is_retried_in_a_fresh_worker_then_recorded_as_an_error(tmp_path):
    work = jobs(tmp_path, a="1", crashonce="1", crash="1", b="0")
    outcomes = run(executor(tmp_path, processes=2), work)
    assert outcomes["crashonce"].status == "graded" and outcomes["crashonce"].attempts == 2
    assert outcomes["crash"].status == "error"
    assert "exited with status 3" in outcomes["crash"].reason and "2 attempts" in outcomes["crash"].reason
    assert (outcomes["a"].score, outcomes["b"].score) == (2.0, 0.0)


def test_the_job_waiting_behind_a_crash_is_graded_elsewhere_at_its_first_attempt(tmp_path):
    work = jobs(tmp_path, crash="1", waiting="1", c="0", d="1")  # one worker: "waiting" is queued behind the crash
    outcomes = run(executor(tmp_path, processes=1), work)
    assert outcomes["crash"].status == "error"
    assert outcomes["waiting"].status == "graded" and outcomes["waiting"].attempts == 1
    assert [outcomes[s].score for s in ("waiting", "c", "d")] == [2.0, 0.0, 2.0]


def test_a_waiting_jobs_clock_starts_when_the_job_before_it_ends(tmp_path):
    work = jobs(tmp_path, slow_a="1", b="1")
    (tmp_path / "slow_a.py").write_text("1")
    outcomes = run(executor(tmp_path, processes=1, timeout=2.5, session="SlowSession"), work)
    assert outcomes["slow_a"].status == outcomes["b"].status == "graded"  # 1.5 s each, 2.5 s each at most


def test_a_hang_costs_its_time_limit_and_the_batch_goes_on(tmp_path):
    work = jobs(tmp_path, hang="1", a="1", b="1", c="0")
    started = time.monotonic()
    outcomes = run(executor(tmp_path, processes=2, timeout=1.5), work)
    assert time.monotonic() - started < 60  # the hang cost its limit, not its 600 s
    assert outcomes["hang"].status == "error" and "did not finish within 1.5 s" in outcomes["hang"].reason
    assert [outcomes[s].status for s in "abc"] == ["graded"] * 3


def test_an_unreadable_submission_is_rejected_and_an_internal_error_replaces_the_session(tmp_path):
    work = jobs(tmp_path, a="1", bad="1", boom="1", z="1")
    outcomes = run(executor(tmp_path, processes=1), work)
    assert outcomes["bad"].status == "rejected" and "holds neither" in outcomes["bad"].reason
    assert outcomes["boom"].status == "error" and "RuntimeError: the session broke" in outcomes["boom"].reason
    before, after = outcomes["a"].report["output"].split()[0], outcomes["z"].report["output"].split()[0]
    assert before.split(":")[0] == after.split(":")[0]  # the same worker process ...
    assert before != after  # ... with a new session after the broken one


def test_a_session_that_cannot_start_stops_the_batch_with_its_message_as_the_graders_fault(tmp_path):
    """GraderFault: exit status 3, like a broken sandbox; it was a bare GraderError, exit 2, a usage error."""
    with pytest.raises(GraderFault, match=r"lesson.toml, key 'tasks\[0\].points': must be a positive number"):
        run(executor(tmp_path, session="BrokenSuiteSession"), jobs(tmp_path, a="1"))


def test_a_sandbox_that_fails_the_canary_stops_the_batch_as_the_graders_fault(tmp_path):
    with pytest.raises(SandboxFailed, match=r"could not start: no sandbox can run the grader's canary"):
        run(executor(tmp_path, session="NoSandboxSession"), jobs(tmp_path, a="1"))


def test_no_jobs_start_no_workers(tmp_path):
    assert list(executor(tmp_path).results([])) == []


def test_each_job_is_graded_with_its_own_students_id(tmp_path):
    """The id travels with the job to the worker (as JSON), and reaches the session as ``student``."""
    work = [Job(f"entry{i}", path, identity=f"id{i}") for i, path in enumerate(j.path for j in jobs(tmp_path, a="1",
                                                                                                   b="0", c="1"))]
    outcomes = run(executor(tmp_path, processes=2), work)
    assert {s: o.report["output"].split()[2] for s, o in outcomes.items()} == {
        "entry0": "student=id0", "entry1": "student=id1", "entry2": "student=id2"}

