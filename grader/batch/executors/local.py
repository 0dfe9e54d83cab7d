"""Grading on this machine: N worker processes, each holding one GradingSession for its share.

Why processes of our own around the session: a GradingSession is a trusted process's state
(pytest, the suite, the reference, a warm template for student workers); N of them use N
cores, and each lives for the whole batch so its start-up is paid once, not per submission.
Every submission still gets fresh student processes inside the session.

The coordinator hands each worker its jobs over a pipe, one running and one waiting behind
it (so a worker never idles while the coordinator records the last result), and gets back
an Outcome as JSON (never a pickle). A crash costs at most the running job, which is
retried once in a fresh worker before it becomes an ``error`` row (the waiting one had not
started and simply goes to another worker); a worker
that stops answering within the job's time limit is killed and replaced, and the job gets
an ``error`` row saying so. Workers run with ``OPENBLAS_NUM_THREADS=1`` (N workers on N
cores must not each start N BLAS threads), ignore Ctrl-C (the coordinator decides), and die
with the coordinator, so a killed batch leaves nothing running behind it.
"""

from __future__ import annotations

import collections
import importlib
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import wait
from pathlib import Path

from grader.batch.executors.base import grade_one
from grader.batch.jobs import Job, Outcome
from grader.exceptions import GraderError, GraderFault, SandboxFailed

SESSION = "grader.grading.session:GradingSession"
START_SECONDS = 120  # a worker that is not ready by then will not be
MAX_START_FAILURES = 3
QUEUED = 2  # jobs handed to a worker at once: the running one and the next
_THREAD_VARS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@dataclass(frozen=True)
class WorkerConfig:
    """What a worker needs to open its session; plain strings so it crosses to a spawned process."""

    lesson: str
    course_root: str
    solutions: str | None
    session: str = SESSION  # "module:callable" returning a GradingSession-like context manager
    log_dir: str = ""


class LocalExecutor:
    """``results(jobs)`` grades ``jobs`` on ``processes`` workers and yields their Outcomes."""

    name = "local"

    def __init__(self, config: WorkerConfig, processes: int, timeout: float, retries: int = 1):
        self.config = config
        self.processes = processes
        self.timeout = timeout  # per job, from hand-over to answer
        self.retries = retries  # extra attempts for a job whose worker died under it

    def results(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        pending = collections.deque((job, 1) for job in jobs)
        if not pending:
            return
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: no state inherited
        workers = [_Worker(context, self.config, i) for i in range(min(self.processes, len(pending)))]
        self._start_failures = 0
        try:
            while pending or any(w.job for w in workers):
                self._assign(workers, pending)
                deadline = min(w.deadline for w in workers)
                wait([w.conn for w in workers] + [w.process.sentinel for w in workers],
                     timeout=None if deadline == float("inf") else max(0.0, deadline - time.monotonic()))
                arrived: list[Outcome] = []
                try:
                    for index, worker in enumerate(workers):
                        outcome, fate = worker.poll()
                        if outcome is not None:
                            arrived.append(outcome)
                        if fate is not None:
                            arrived += self._replace(workers, index, fate, pending, context)
                    self._assign(workers, pending)  # before the caller records: workers never wait on a commit
                finally:
                    yield from arrived  # even when a worker cannot start: what arrived is kept
        finally:
            for worker in workers:
                worker.stop(kill=worker.job is not None)

    def _assign(self, workers: list[_Worker], pending: collections.deque) -> None:
        for worker in workers:
            while worker.ready and len(worker.jobs) < QUEUED and pending:
                worker.assign(*pending.popleft(), self.timeout)

    def _replace(self, workers: list[_Worker], index: int, fate: str, pending: collections.deque,
                 context) -> list[Outcome]:
        """Retire a worker that died, hung or cannot start; retry or report its job; start another."""
        worker = workers[index]
        worker.stop(kill=True)
        if fate == "fatal":  # the same class as the worker's: a sandbox's failure is the grader's (exit status 3)
            raise (SandboxFailed if worker.fatal_sandbox else GraderFault)(
                f"the grading worker could not start: {worker.fatal}")
        lost: list[Outcome] = []
        if worker.job is None and not worker.ready:
            self._start_failures += 1
            if self._start_failures >= MAX_START_FAILURES:
                raise GraderFault(f"the grading worker could not start: {worker.last_words()}")
        elif worker.job is not None:
            job, attempt = worker.job
            pending.extendleft(reversed(worker.jobs[1:]))  # never started: as they were, first in line
            if fate == "died" and attempt <= self.retries:
                pending.appendleft((job, attempt + 1))
            else:
                lost.append(Outcome(job.student, "error", reason=worker.reason(fate, self.timeout, attempt),
                                    seconds=time.monotonic() - worker.started, attempts=attempt,
                                    worker=worker.label))
        workers[index] = _Worker(context, self.config, worker.index)
        return lost


class _Worker:
    """The coordinator's handle on one worker process and the job it holds."""

    def __init__(self, context, config: WorkerConfig, index: int):
        self.index = index
        self.conn, child_conn = context.Pipe()
        self.log = Path(config.log_dir) / f"worker-{index}.log" if config.log_dir else None
        self.process = context.Process(target=serve, args=(child_conn, config, index, os.getpid()),
                                       name=f"grader-batch-{index}", daemon=True)
        self.process.start()
        child_conn.close()
        self.label = f"local-{index} (pid {self.process.pid})"
        self.ready = False
        self.fatal = ""
        self.fatal_sandbox = False  # the fatal error was the sandbox's (SandboxFailed)
        self.jobs: list[tuple[Job, int]] = []  # the running job first, then the one waiting behind it
        self.timeout = float("inf")
        self.started = time.monotonic()
        self.deadline = self.started + START_SECONDS

    @property
    def job(self) -> tuple[Job, int] | None:
        """The running job and its attempt number, if any."""
        return self.jobs[0] if self.jobs else None

    def assign(self, job: Job, attempt: int, timeout: float) -> None:
        self.jobs.append((job, attempt))
        self.timeout = timeout
        if len(self.jobs) == 1:  # it runs now; a waiting job's clock starts when the one before it ends
            self.started = time.monotonic()
            self.deadline = self.started + timeout
        try:
            self.conn.send_bytes(json.dumps({"student": job.student, "path": str(job.path),
                                             "shown_as": job.shown_as, "identity": job.identity}).encode())
        except (OSError, ValueError):
            pass  # it died since it said ready: poll() finds out, and the job is retried


    def poll(self) -> tuple[Outcome | None, str | None]:
        """(an Outcome if one arrived, then None or why the worker must be replaced)."""
        outcome = None
        try:
            while self.conn.poll():
                message = json.loads(self.conn.recv_bytes())
                if message.get("op") == "ready":
                    self.ready = True
                    self.deadline = float("inf")
                elif message.get("op") == "fatal":
                    self.fatal = message.get("message", "")
                    self.fatal_sandbox = message.get("sandbox") is True
                    return None, "fatal"
                else:
                    outcome = Outcome.from_dict(message["outcome"])
                    outcome.attempts = self.job[1] if self.job else 1
                    outcome.worker = self.label
                    self.jobs = self.jobs[1:]
                    self.started = time.monotonic()
                    self.deadline = self.started + self.timeout if self.jobs else float("inf")
                    return outcome, None
        except (EOFError, OSError):
            return outcome, "died"
        if not self.process.is_alive():
            return outcome, "died"
        if time.monotonic() >= self.deadline:
            return outcome, "timeout" if self.job else "start"
        return outcome, None

    def reason(self, fate: str, timeout: float, attempts: int) -> str:
        if fate == "timeout":
            return (f"grading did not finish within {timeout:g} s; the grading process was stopped "
                    "(it will be tried again on the next run)")
        code = self.process.exitcode
        how = f"was killed by signal {-code}" if code is not None and code < 0 else f"exited with status {code}"
        words = self.last_words()
        times = "" if attempts == 1 else f" ({attempts} attempts)"
        return (f"the grading process {how} while grading this submission{times}"
                f"{': ' + words if words else ''} (it will be tried again on the next run)")

    def last_words(self) -> str:
        """The last line the worker wrote to its log, if it kept one."""
        if self.log is None or not self.log.is_file():
            return f"exit status {self.process.exitcode}"
        lines = [line for line in self.log.read_text(errors="replace")[-2000:].splitlines() if line.strip()]
        return lines[-1].strip() if lines else f"exit status {self.process.exitcode}"

    def stop(self, kill: bool) -> None:
        if kill and self.process.is_alive():
            self.process.kill()
        else:
            try:
                self.conn.send_bytes(b"null")
            except (OSError, ValueError):
                pass
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def serve(conn, config: WorkerConfig, index: int, parent: int) -> None:
    """A worker's life: open one session, grade what arrives, answer with Outcomes as JSON."""
    for name in _THREAD_VARS:
        os.environ[name] = "1"  # before numpy is imported, which the session does
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(parent)
    _quiet(config.log_dir, index)
    factory = _factory(config.session)
    course = _course(config.course_root)
    try:
        session = factory(config.lesson, course, solutions=config.solutions)
        session.__enter__()
    except GraderError as exc:
        conn.send_bytes(json.dumps({"op": "fatal", "message": str(exc),
                                    "sandbox": isinstance(exc, SandboxFailed)}).encode())
        return
    conn.send_bytes(b'{"op": "ready"}')
    try:
        while True:
            try:
                job = json.loads(conn.recv_bytes())
            except (EOFError, OSError):
                return
            if job is None:
                return
            outcome, sound = grade_one(session, job["student"], Path(job["path"]), job.get("shown_as", ""),
                                       job.get("identity", ""))
            conn.send_bytes(json.dumps({"op": "outcome", "outcome": outcome.to_dict()}).encode())
            if not sound:
                session.close()
                session = factory(config.lesson, course, solutions=config.solutions)
                session.__enter__()
    finally:
        session.close()


def _factory(target: str):
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def _course(root: str):
    from grader.lesson.course import Course

    return Course(Path(root))


def _die_with(parent: int) -> None:
    """Be killed when the coordinator dies, even by SIGKILL (Linux); elsewhere the pipe's EOF ends us."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the coordinator died before the line above took effect
        os._exit(1)


def _quiet(log_dir: str, index: int) -> None:
    """Send the worker's own output to its log (or nowhere), away from the progress bar."""
    target = os.path.join(log_dir, f"worker-{index}.log") if log_dir else os.devnull
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    os.dup2(fd, 2)
    os.close(fd)
