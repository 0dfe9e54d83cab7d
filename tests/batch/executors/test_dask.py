"""grader.batch.executors.dask on a LocalCluster of two worker processes over loopback.

Real submissions, the real GradingSession on the workers, the coordinator writing the
gradebook; and a worker killed with SIGKILL mid-batch, whose tasks Dask reschedules so that
every grade still arrives. About 15 s: the slowest tests of the batch feature with test_batch.
"""

from __future__ import annotations

import functools
import io
import os
import re
import signal
import sqlite3
import threading
import time
from pathlib import Path

import pytest

if os.environ.get("CI"):  # make test installs the dask extra: in CI this path must run, never skip
    import distributed
else:
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")

from grader.batch.coordinator import run_batch
from grader.batch.executors.dask import DaskExecutor
from grader.batch.jobs import Job
from grader.batch.snapshot import LessonSnapshot
from grader.grading.engine import grade
from grader.lesson.course import Course

from class_folder import place
from mutated import mutant_module
from paths import ROOT

COURSE = Course(ROOT)


def wrong(name: str) -> Path:
    """A mutant of prefill as the module file it stands for."""
    return mutant_module(COURSE.lesson("prefill"), name, ROOT / "solutions" / "prefill")


SOURCES = [ROOT / "solutions" / "prefill", ROOT / "exercises" / "prefill", wrong("forgot_factor_2"),
           wrong("transposed_mask"), wrong("import_error"), wrong("pairs_off_by_one")]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, worker_dashboard_address=None) as local:
        yield local


@pytest.fixture(scope="module")
def expected():
    """expected(graded, student): the score ``grader grade --student`` gives it, with the student's own numbers."""
    return functools.cache(lambda graded, student: grade(graded, lesson="prefill", course=COURSE,
                                                         student=student).score)


def make_class(folder: Path, count: int) -> dict[str, Path]:
    """Students cycling through SOURCES, a folder with the student's own answers; student -> what is graded."""
    folder.mkdir()
    made = {}
    for i in range(count):
        source = SOURCES[i % len(SOURCES)]
        student = f"s{i:02d}"
        made[student] = place(source, folder, student)
    return made


def test_a_batch_on_the_cluster_scores_as_single_grading(tmp_path, cluster, expected):
    students = make_class(tmp_path / "class", 8)
    book = tmp_path / "gb.sqlite"
    result = run_batch(tmp_path / "class", COURSE, lesson="prefill", gradebook=book, executor="dask",
                       scheduler=cluster.scheduler_address, out=io.StringIO())
    assert result.complete and result.graded_now == 8
    rows = sqlite3.connect(book).execute("SELECT student, score, status, worker FROM submissions").fetchall()
    assert {r[0]: r[1] for r in rows} == {s: expected(graded, s) for s, graded in students.items()}  # their numbers
    assert {r[2] for r in rows} == {"graded"}
    assert all(r[3].startswith("dask tcp://127.0.0.1:") for r in rows)
    again = run_batch(tmp_path / "class", COURSE, lesson="prefill", gradebook=book, executor="dask",
                      scheduler=cluster.scheduler_address, out=io.StringIO())
    assert (again.graded_now, again.unchanged) == (0, 8)


def test_a_worker_killed_mid_batch_costs_a_retry_not_a_grade(tmp_path, cluster, expected):
    # both workers first: the executor scatters the lesson to the workers it finds, and on a busy machine one may
    # still be starting; killing the only holder of the scattered lesson loses it and every task (all 16 'error',
    # once, in a fresh clone's make test under load)
    cluster.wait_for_workers(2, timeout=120)
    students = make_class(tmp_path / "class", 16)
    jobs = [Job(s, graded, identity=s) for s, graded in students.items()]
    snapshot = LessonSnapshot.take(COURSE, COURSE.lesson("prefill"))
    killed: list[str] = []

    def kill_a_busy_worker():
        with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not killed:
                busy = [w for w, keys in client.processing().items()
                        if any(str(k).startswith("grade-") for k in keys)]
                if busy:
                    pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                    os.kill(pid, signal.SIGKILL)
                    killed.append(busy[0])
                time.sleep(0.01)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    outcomes = {o.student: o for o in DaskExecutor(cluster.scheduler_address, snapshot).results(jobs)}
    killer.join()
    assert killed, "no worker was busy grading, so nothing was killed"
    assert sorted(outcomes) == sorted(students)
    assert {o.status for o in outcomes.values()} == {"graded"}, sorted({o.reason for o in outcomes.values()})[:3]
    assert {s: o.score for s, o in outcomes.items()} == {s: expected(graded, s) for s, graded in students.items()}
    cluster.wait_for_workers(2, timeout=60)  # the nanny restarts it, for the tests that follow


def test_an_unreachable_scheduler_is_a_one_line_usage_error(tmp_path):
    from grader.exceptions import UsageError

    students = make_class(tmp_path / "class", 1)
    snapshot = LessonSnapshot.take(COURSE, COURSE.lesson("prefill"))
    jobs = [Job(s, next((tmp_path / "class").glob(f"{s}*"))) for s in students]
    with pytest.raises(UsageError, match=re.escape("cannot reach the Dask scheduler at tcp://127.0.0.1:9")):
        list(DaskExecutor("tcp://127.0.0.1:9", snapshot, connect_seconds=2).results(jobs))
