"""Grading on a Dask cluster when one machine is not enough.

Each submission is one Dask task: its files travel in the task as bytes (the workers need
no shared filesystem), the lesson travels once per worker as a snapshot (``grader.batch.snapshot``:
the suite and solutions the coordinator hashed, so the suite version in the gradebook names
what really graded), and the task returns an Outcome as plain data. The coordinator alone
writes the gradebook, exactly as with local workers.

On a worker, the task runs the same step as a local worker (``grade_one``) in a
GradingSession that the worker process keeps for every later task of the same lesson
version; student code runs in the session's sandboxed processes, never in the Dask worker.
One grade at a time per worker process (a session is not thread-safe): start workers with
``--nthreads 1`` and as many processes as cores.

A worker lost mid-task (killed, out of memory, its machine gone) is Dask's to handle: the
scheduler reschedules the task on another worker, so a lost worker costs time, not a grade.
Only a task that kills every worker it lands on (Dask's ``allowed-failures``, 3 by default)
becomes an ``error`` row, which the next run retries.
"""

from __future__ import annotations

import collections
import tempfile
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path

from grader.batch.entries import safe_stem
from grader.batch.executors.base import grade_one
from grader.batch.jobs import Job, Outcome
from grader.batch.snapshot import LessonSnapshot, Tree
from grader.exceptions import SubmissionError, UsageError
from grader.submission.limits import MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES

INSTALL_HINT = "pip install 'inference-course-grader[dask]'"


class DaskExecutor:
    """``results(jobs)`` grades ``jobs`` on the cluster behind ``scheduler`` and yields Outcomes."""

    name = "dask"

    def __init__(self, scheduler: str, snapshot: LessonSnapshot, connect_seconds: float = 30):
        self.scheduler = scheduler
        self.snapshot = snapshot
        self.connect_seconds = connect_seconds

    def results(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        queue = collections.deque(jobs)
        if not queue:
            return
        distributed = _distributed()
        try:
            client = distributed.Client(self.scheduler, timeout=self.connect_seconds, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UsageError(f"cannot reach the Dask scheduler at {self.scheduler}: {exc}") from None
        futures: dict = {}
        finished = distributed.as_completed(loop=client.loop)
        retried: set[str] = set()
        try:
            lesson = client.scatter(self.snapshot, broadcast=True, hash=False)
            yield from self._submit(client, queue, lesson, futures, finished)
            for future in finished:
                job, started, used = futures.pop(future)
                if future.status == "cancelled" and job.student not in retried:
                    # the scheduler dropped it with the scattered lesson (a worker killed mid-batch on a busy machine:
                    # "already forgotten", every task in flight): scatter again, once per such wave, and grade it again
                    retried.add(job.student)
                    if used is lesson:
                        lesson = client.scatter(self.snapshot, broadcast=True, hash=False)
                    queue.appendleft(job)
                else:
                    yield _outcome(future, job, started, distributed)
                yield from self._submit(client, queue, lesson, futures, finished)
        finally:
            for future in futures:
                future.cancel()
            client.close()

    def _submit(self, client, queue, lesson, futures: dict, finished) -> Iterator[Outcome]:
        """Keep about two tasks per worker thread in flight: every worker busy, little held in memory."""
        limit = max(2, 2 * sum(client.nthreads().values()))
        while queue and len(futures) < limit:
            job = queue.popleft()
            try:
                tree = Tree.read(job.path, MAX_SUBMISSION_BYTES, MAX_SUBMISSION_FILES)
                future = client.submit(grade_remote, lesson, self.snapshot.version, job.student, tree, job.shown_as,
                                       job.identity, pure=False,
                                       key=f"grade-{safe_stem(job.student)}-{uuid.uuid4().hex[:8]}")
            except SubmissionError as exc:
                yield Outcome(job.student, "rejected", reason=str(exc), worker="coordinator")
                continue
            except Exception as exc:  # noqa: BLE001 - unreadable here, or refused by the client: this job's row
                yield Outcome(job.student, "error", worker="coordinator",
                              reason=f"could not be sent to the cluster ({type(exc).__name__}: {exc}); "
                                     "it will be tried again on the next run")
                continue
            futures[future] = (job, time.monotonic(), lesson)
            finished.add(future)


def _distributed():
    try:
        import distributed
    except ImportError:
        raise UsageError(f"--executor dask needs dask.distributed on this machine and the workers: {INSTALL_HINT}") \
            from None
    return distributed


def _outcome(future, job: Job, started: float, distributed) -> Outcome:
    """The task's Outcome, or an ``error`` one saying what the cluster did instead."""
    try:
        return Outcome.from_dict(future.result())
    except distributed.KilledWorker as exc:
        reason = (f"every Dask worker that tried to grade it died ({exc}); it will be tried again on the next run")
    except Exception as exc:  # noqa: BLE001 - the scheduler went away, the task was cancelled, ...
        reason = f"the Dask task failed ({type(exc).__name__}: {exc}); it will be tried again on the next run"
    return Outcome(job.student, "error", reason=reason, seconds=time.monotonic() - started, worker="dask")


# -- on the worker ----------------------------------------------------------------------------

_LOCK = threading.Lock()  # one grade at a time per worker process, whatever --nthreads says
_SESSION: dict = {}  # {"version", "session", "folder"}: this process's session, kept between tasks


def grade_remote(lesson: LessonSnapshot, version: str, student: str, tree: Tree, shown_as: str = "",
                 identity: str = "") -> dict:
    """The task: write the submission to a private folder, grade it in this process's session with
    the numbers of ``identity`` (``Job.identity``)."""
    with _LOCK:
        session = _session_for(lesson, version)
        with tempfile.TemporaryDirectory(prefix="grader-dask-") as folder:
            outcome, sound = grade_one(session, student, tree.write(Path(folder)), shown_as, identity)
        if not sound:
            _drop_session()
    outcome.worker = _worker_address()
    return outcome.to_dict()


def _session_for(lesson: LessonSnapshot, version: str):
    if _SESSION.get("version") != version:
        from grader.grading.session import GradingSession

        _drop_session()
        folder = tempfile.TemporaryDirectory(prefix="grader-lesson-")
        course = lesson.materialize(Path(folder.name))
        session = GradingSession(lesson.lesson, course)
        session.__enter__()
        _SESSION.update(version=version, session=session, folder=folder)
    return _SESSION["session"]


def _drop_session() -> None:
    if _SESSION:
        try:
            _SESSION["session"].close()
        finally:
            _SESSION["folder"].cleanup()
            _SESSION.clear()


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return f"dask {get_worker().address}"
    except (ImportError, ValueError):
        return "dask"
