"""Grading many submissions of one lesson at once: ``grader validate``'s mutants and models.

Validation grades every mutant and every model of a lesson as a submission (about 180 for
prefill), each in fresh sandboxed workers. One GradingSession grades them one after another,
so a machine with two cores keeps one of them idle, and the few submissions that run into
the lesson's call limit (an endless loop, a P⁴ loop: 5 s per call, up to 12 s per submission)
hold up everything behind them. ``SessionPool`` runs N GradingSessions in N processes of its
own and hands each the next submission as soon as it is free, so the slow ones are graded
beside the others instead of before them.

What each submission is graded by does not change: every report comes from
``GradingSession.grade``, in fresh student processes of its own, with the lesson's own limits;
only the order and the process differ, and a report never depends on either (the session's
contract). Results come back in the order the submissions were given.

The processes are fresh interpreters running this module (``python -m``: no lock or thread of
this process is inherited, and, unlike multiprocessing's spawn, the caller's own script is never
run again in them), started when the pool is made, so that their pytest start-up and canary
overlap with what the caller does meanwhile (validate grades the reference and the stubs). They
are the grader's own trusted processes, so reports and exceptions come back pickled over a
socket; the student's code still runs only in their sandboxed workers. A process that cannot
open its session raises its error when ``grade_all`` is called, as one GradingSession would; one
that dies or stops answering is the grader's fault (GraderFault), never a verdict on a mutant.

Few submissions are graded here, in one session: spawning a process costs about a second, more
than it saves on a handful.
"""

from __future__ import annotations

import collections
import math
import os
import pickle
import signal
import socket
import subprocess
import sys
import time
from multiprocessing.connection import Connection, wait
from pathlib import Path

from grader.exceptions import GraderFault
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson
from grader.result import Report

PER_PROCESS = 12  # submissions each process is worth starting for
MAX_PROCESSES = 4  # each holds a session and may run a worker of the lesson's memory limit
START_SECONDS = 120  # for a process to open its session (pytest, the template, the canary)
SLACK_SECONDS = 60  # on top of the lesson's own import and call limits, before a process counts as stuck
# submissions handed to a process at once: one, so that a submission never waits behind a slow one while
# another process is free (the round trip for the next costs a millisecond; a grade, a tenth of a second)
QUEUED = 1
_THREAD_VARS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def processes_for(count: int, processes: int | None = None) -> int:
    """How many processes grade ``count`` submissions: one per ``PER_PROCESS`` of them, at most
    ``processes``; 1 means here, in one session.

    By default one more than the cores (up to ``MAX_PROCESSES``): a submission that runs into the
    call limit holds its process for the limit's wall-clock seconds whatever share of a core its
    worker gets, so a third process on two cores makes those seconds cost less CPU that the
    others could use, where two processes would give each hang a core of its own."""
    most = processes if processes is not None else min(cores() + 1, MAX_PROCESSES)
    return max(1, min(most, math.ceil(count / PER_PROCESS)))


class SessionPool:
    """``grade_all(paths)``: one Report per submission, graded by ``processes`` sessions at once.

    Made (and its processes started) before the caller needs it; use as a context manager."""

    def __init__(self, course: Course, lesson: Lesson, solutions: Path, processes: int):
        self.course, self.lesson, self.solutions = course, lesson, Path(solutions)
        self._session = None  # one process: the session of this one, opened when first needed
        self._workers: list[_Worker] = []
        if processes > 1:
            self._workers = [_Worker(course, lesson.id, self.solutions, i) for i in range(processes)]

    @property
    def processes(self) -> int:
        return max(1, len(self._workers))

    def grade_all(self, submissions: list[Path], variants: list | None = None) -> list[Report]:
        """The reports of ``submissions``, in their order; a submission's error is raised as it was raised.
        ``variants``: for each submission, the variants whose own-number checks are run too (``engine.grade``)."""
        variants = variants or [()] * len(submissions)
        if not self._workers:
            if self._session is None and submissions:
                from grader.grading.session import GradingSession

                self._session = GradingSession(self.lesson.id, self.course, solutions=self.solutions)
            return [self._session.grade(path, variants=each) for path, each in zip(submissions, variants, strict=True)]
        reports: dict[int, Report] = {}
        pending = collections.deque((i, (path, each)) for i, (path, each) in
                                    enumerate(zip(submissions, variants, strict=True)))
        limit = self.lesson.import_seconds + self.lesson.submission_seconds + SLACK_SECONDS
        while len(reports) < len(submissions):
            for worker in self._workers:
                while worker.ready and len(worker.jobs) < QUEUED and pending:
                    worker.assign(*pending.popleft(), limit)
            deadline = min(worker.deadline for worker in self._workers)
            wait([w.conn for w in self._workers],  # a process that ends closes its socket: readable too
                 timeout=None if deadline == math.inf else max(0.0, deadline - time.monotonic()))
            for worker in self._workers:
                for index, report in worker.arrived():
                    reports[index] = report
        return [reports[i] for i in range(len(submissions))]

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None
        for worker in self._workers:  # all asked first: they close their sessions at the same time
            worker.ask_to_stop()
        for worker in self._workers:
            worker.stop()
        self._workers = []

    def __enter__(self) -> SessionPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Worker:
    """This process's handle on one grading process and the submissions it holds."""

    def __init__(self, course: Course, lesson_id: str, solutions: Path, index: int):
        self.name = f"validation process {index + 1}"
        ours, theirs = socket.socketpair()
        path = os.pathsep.join(p for p in sys.path if p)  # the grader this process runs, wherever it comes from
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", __name__, str(theirs.fileno()), str(course.root), lesson_id, str(solutions)],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": path})
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self.conn = Connection(ours.detach())
        self.ready = False
        self.jobs: collections.deque[tuple[int, Path]] = collections.deque()  # the one graded first
        self.deadline = time.monotonic() + START_SECONDS
        self._limit = math.inf

    def assign(self, index: int, job: tuple, limit: float) -> None:
        path, variants = job
        if not self.jobs:  # it starts now; a waiting one's clock starts when the one before it ends
            self.deadline = time.monotonic() + limit * (1 + len(variants) // 10)  # own-number checks take longer
        self.jobs.append((index, path))
        self._limit = limit * (1 + len(variants) // 10)
        try:
            self.conn.send((index, str(path), tuple(variants)))
        except (OSError, ValueError):
            pass  # it died since it said ready: arrived() finds out

    def arrived(self) -> list[tuple[int, Report]]:
        """The reports that arrived; raises what a submission raised, or GraderFault for a process that
        died or is stuck."""
        found = []
        try:
            while self.conn.poll():
                kind, index, value = self.conn.recv()
                if kind == "ready":
                    self.ready, self.deadline = True, math.inf
                elif kind in ("fatal", "raised"):
                    raise value
                else:
                    found.append((index, value))
                    self.jobs.popleft()
                    self.deadline = time.monotonic() + self._limit if self.jobs else math.inf
        except (EOFError, OSError):
            what = f"while grading {self.jobs[0][1]}" if self.jobs else "before it could grade"
            try:
                status = self.process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                status = None
            raise GraderFault(f"the {self.name} ended {what} (exit status {status})") from None
        if time.monotonic() >= self.deadline:
            what = f"grading {self.jobs[0][1]}" if self.jobs else "starting its grading session"
            raise GraderFault(f"the {self.name} stopped answering while {what}")
        return found

    def ask_to_stop(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass

    def stop(self) -> None:
        """Wait for it to end (it closes its session, removing its folders); kill it when it does not."""
        try:
            self.process.wait(timeout=0.01 if self.jobs else 10)  # one still grading is killed now, not waited for
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.conn.close()


def serve(conn: Connection, course_root: str, lesson_id: str, solutions: str) -> None:
    """A grading process's life: open one session, grade each submission that arrives, send back its report."""
    from grader.grading.session import GradingSession  # imports pytest and numpy, once per process

    for name in _THREAD_VARS:
        os.environ[name] = "1"  # N processes on N cores must not each start N BLAS threads
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the command's to handle: it stops us
    try:
        session = GradingSession(lesson_id, Course(Path(course_root)), solutions=solutions)
    except BaseException as exc:  # noqa: BLE001 - raised by the command, as one session's would be
        conn.send(("fatal", -1, _portable(exc)))
        return
    try:
        conn.send(("ready", -1, None))
        while (job := conn.recv()) is not None:
            index, path, variants = job
            try:
                conn.send(("report", index, session.grade(Path(path), variants=variants)))
            except BaseException as exc:  # noqa: BLE001 - raised by the command, as in one session
                conn.send(("raised", index, _portable(exc)))
    except (EOFError, OSError):
        pass  # the command is gone
    finally:
        session.close()


def _portable(exc: BaseException) -> BaseException:
    """``exc`` as it can cross the pipe: itself, or a GraderFault saying what it was."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001 - whatever does not pickle is said in words
        return GraderFault(f"grading failed in a validation process: {type(exc).__name__}: {exc}")


if __name__ == "__main__":  # a process of a SessionPool: python -m grader.authoring.parallel FD COURSE LESSON SOLUTIONS
    serve(Connection(int(sys.argv[1])), *sys.argv[2:5])
