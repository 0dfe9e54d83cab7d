"""grader.authoring.parallel: many submissions graded by several sessions at once, each report the one
a single session gives, in the order the submissions were given."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.authoring import parallel
from grader.authoring.mutants import load_mutants, materialize
from grader.authoring.parallel import MAX_PROCESSES, PER_PROCESS, SessionPool, processes_for
from grader.exceptions import ConfigError, GraderFault, SubmissionError
from grader.grading.session import GradingSession
from grader.lesson.course import Course

from paths import ROOT

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
REFERENCE = COURSE.solutions_dir(LESSON)


@pytest.fixture(scope="module")
def submissions(tmp_path_factory) -> list[Path]:
    """The stubs, the reference and four mutants of different kinds (a wrong number, a wrong answer, a
    diagnosis, a crash at import)."""
    tmp = tmp_path_factory.mktemp("submissions")
    chosen = {"forgot_factor_2", "quiz_yes", "transposed_mask", "import_error"}
    mutants = [m for m in load_mutants(LESSON) if m.name in chosen]
    assert len(mutants) == len(chosen)
    return [COURSE.exercises_dir(LESSON), REFERENCE,
            *(materialize(m, LESSON, REFERENCE, tmp / m.name / LESSON.id) for m in mutants)]


def summary(report) -> list:
    """What validation reads of a report: each task's score, its diagnoses and its feedback."""
    return [(t.id, t.score, sorted(d.code for d in t.diagnoses), t.feedback, t.not_started) for t in report.tasks]


def test_as_many_processes_as_the_submissions_are_worth_and_cores_allow(monkeypatch):
    assert processes_for(1, 4) == 1 and processes_for(PER_PROCESS, 4) == 1  # a handful: here, in one session
    assert processes_for(PER_PROCESS + 1, 4) == 2
    assert processes_for(1000, 3) == 3 and processes_for(1000, 1) == 1
    monkeypatch.setattr(parallel, "cores", lambda: 2)
    assert processes_for(1000) == 3  # one more than the cores: a hang holds its process, not a core's worth
    monkeypatch.setattr(parallel, "cores", lambda: 64)
    assert processes_for(1000) == MAX_PROCESSES


def test_two_processes_grade_as_one_session_does_in_the_order_given(submissions):
    with GradingSession(LESSON.id, COURSE, solutions=REFERENCE) as session:
        alone = [summary(session.grade(path)) for path in submissions]
    with SessionPool(COURSE, LESSON, REFERENCE, processes=2) as pool:
        assert pool.processes == 2
        together = [summary(report) for report in pool.grade_all(submissions)]
        again = [summary(report) for report in pool.grade_all(submissions[::-1])]  # the pool serves more calls
    assert together == alone
    assert again == alone[::-1]
    assert alone[1][0][1] > 0 and alone[0][0][4]  # the reference scores, the stubs are not started: a real grade


def test_one_process_grades_here_in_one_session(submissions):
    with SessionPool(COURSE, LESSON, REFERENCE, processes=1) as pool:
        assert pool.processes == 1 and not pool._workers
        assert [r.score for r in pool.grade_all(submissions[:2])] == [0, sum(t.points for t in LESSON.tasks)]


def test_what_a_submission_raises_in_a_process_is_raised_here_as_itself(tmp_path):
    with SessionPool(COURSE, LESSON, REFERENCE, processes=2) as pool, \
            pytest.raises(SubmissionError, match="no such file or folder"):
        pool.grade_all([REFERENCE, tmp_path / "missing"])


def test_a_session_that_cannot_open_raises_its_own_error_when_grading(tmp_path):
    """No module in the solutions: the session refuses to start without its truth, as one session would."""
    solutions = tmp_path / "prefill"
    shutil.copytree(REFERENCE, solutions)
    (solutions / LESSON.module).unlink()
    with pytest.raises(ConfigError) as alone:
        GradingSession(LESSON.id, COURSE, solutions=solutions)
    with SessionPool(COURSE, LESSON, solutions, processes=2) as pool, pytest.raises(ConfigError) as pooled:
        pool.grade_all([REFERENCE])
    assert str(pooled.value) == str(alone.value)


def test_a_process_that_dies_is_the_graders_fault_never_a_report(submissions):
    with SessionPool(COURSE, LESSON, REFERENCE, processes=2) as pool:
        for worker in pool._workers:
            worker.process.kill()
        with pytest.raises(GraderFault, match=r"the validation process \d ended"):
            pool.grade_all(submissions[:3])
