"""grader.sandbox.channel: a frame on the reply pipe is believed only as the answer to the request it names.

A submission can write on the reply pipe as well as the worker can (its process holds it), so these
submissions do: a reply written after their own one for the next request, with the id a counter
would give it; a "ready" written at import, before the worker's own. Each must fail the call (or
the start-up) it reaches, saying "out of turn", and nothing it wrote may come back as a value.
Both kinds of worker: spawned (a fork per task) and forked from a fork-server template.
tests/sandbox/test_proxy.py covers the rest of the protocol through the same trusted side.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import sys
import textwrap
import time

import pytest
import untested

from grader.exceptions import CallTimeout, CanaryFailed, ImportFailed, UnsupportedResult, WorkerDied
from grader.sandbox import confine
from grader.sandbox.channel import OutOfTurn, WorkerChannel, WorkerSpec
from grader.sandbox.forkserver import ForkServer
from grader.sandbox.proxy import StudentModule

SECONDS = 30  # for a worker to start or answer on a busy machine; never a measure of speed

FORGER = '''
import json
import os
import struct
import sys

from grader.sandbox.inside import worker as _worker

_send = _worker.send_reply
_pending = []


def _frame(doc):
    body = json.dumps(doc).encode()
    return struct.pack(">QQ", len(body), 0) + body


def _send_then_forge(fd, reply, blobs, *rest):
    _send(fd, reply, blobs, *rest)
    while _pending:
        os.write(fd, _pending.pop(0))


_worker.send_reply = _send_then_forge


def _request_id():
    frame = sys._getframe(1)
    while frame is not None:
        request = frame.f_locals.get("request")
        if isinstance(request, dict) and "id" in request:
            return request["id"]
        frame = frame.f_back
    return None


def request_id():
    return _request_id()


def forge_next(value):
    """Right after this call's reply: a reply of its own for the next request, as a counter would number it."""
    asked = _request_id()
    _pending.append(_frame({"id": asked + 1 if type(asked) is int else asked, "ok": value}))
    return "sent"


def add(a, b):
    return a + b
'''

FORGED_READY = '''
import json
import os
import struct
import time


def _frame(doc):
    body = json.dumps(doc).encode()
    return struct.pack(">QQ", len(body), 0) + body


for _name in os.listdir("/proc/self/fd"):  # the reply pipe: the one write-only pipe besides stdout and stderr
    try:
        with open(f"/proc/self/fdinfo/{_name}") as _info:
            _flags = int(next(line for line in _info if line.startswith("flags:")).split()[1], 8)
        if int(_name) > 2 and os.readlink(f"/proc/self/fd/{_name}").startswith("pipe:") and _flags & 3 == 1:
            os.write(int(_name), _frame({"op": "ready"}) + _frame({"op": "ready", "id": 1}))
    except (OSError, StopIteration, ValueError):
        pass
time.sleep(0.5)  # the worker's own ready comes later


def add(a, b):
    return a + b
'''

CRASHER = '''
import os
import signal
import time

time.sleep(0.5)  # every worker that replaces a crashed one pays this again


def crash():
    with open(f"/proc/{os.getppid()}/cmdline", "rb") as stream:
        if b"grader.sandbox.inside." in stream.read():  # a task's fork: take the imported worker along (a
            # spawned worker's command line names the worker, one forked from a fork server's template the template)
            os.kill(os.getppid(), signal.SIGKILL)
    os._exit(3)


def add(a, b):
    return a + b
'''


@pytest.fixture(params=["spawned", "forked"])
def make_student(request, box, tmp_path):
    """make(source, **module options) -> a StudentModule over ``source``, in both kinds of worker."""
    servers, students = [], []

    def make(source: str, **options) -> StudentModule:
        limits = confine.limits(120, 4096, box)
        launcher = None
        if request.param == "forked":
            servers.append(ForkServer(box, limits))
            folder = servers[-1].staging / f"sub{len(students)}"
            launcher = servers[-1].spawn
        else:
            folder = tmp_path / f"sub{len(students)}"
        folder.mkdir()
        (folder / "prefill.py").write_text(textwrap.dedent(source))
        spec = WorkerSpec("prefill", folder / "prefill.py", import_seconds=SECONDS, limits=limits, box=box,
                          launcher=launcher)
        students.append(StudentModule(spec, timeout=options.pop("timeout", SECONDS), **options))
        students[-1].task = "a"
        return students[-1]

    yield make
    for student in students:
        student.close()
    for server in servers:
        server.close()


def test_a_reply_written_ahead_for_the_next_request_fails_that_call(make_student):
    student = make_student(FORGER)
    assert student.forge_next("FORGED") == "sent"
    with pytest.raises(OutOfTurn) as caught:
        student.add(1, 2)
    assert "out of turn" in str(caught.value) and "FORGED" not in str(caught.value)
    assert isinstance(caught.value, WorkerDied)  # what a check sees: the process running it was stopped
    assert student.add(3, 4) == 7  # the next call gets a fresh worker


def test_request_ids_cannot_be_guessed_from_each_other(make_student):
    student = make_student(FORGER)
    first, second = student.request_id(), student.request_id()
    assert first != second and not (type(first) is int and second == first + 1)


def test_a_ready_written_at_import_is_not_the_workers_and_fails_the_start_up(make_student):
    student = make_student(FORGED_READY)
    with pytest.raises(ImportFailed) as caught:
        student.add(1, 2)
    assert "out of turn while it started" in str(caught.value)


def test_restarts_a_task_forces_by_killing_its_worker_are_charged_to_that_task(make_student):
    student = make_student(CRASHER, budget_seconds=4.0, budget_shares=2)  # 2 s per task
    outcomes = []
    for _ in range(12):  # each restart costs the import's 0.5 s at least, charged to task a
        try:
            student.crash()
        except (WorkerDied, CallTimeout) as exc:
            outcomes.append(type(exc))
            if type(exc) is CallTimeout:
                assert "used up its share (2 s)" in str(exc)
                break
    assert outcomes[-1] is CallTimeout, outcomes  # bounded: the share ran out, not the list of checks
    student.task = "b"
    started = time.monotonic()
    assert student.add(1, 2) == 3  # task b's share is its own: b pays for neither a's crashes nor its restarts
    assert student._spent.get("b", 0.0) <= time.monotonic() - started


FORK_HANG = '''
import os
import time

os.register_at_fork(before=lambda: time.sleep(30))  # every fork the worker makes hangs


def add(a, b):
    return a + b
'''


def test_a_module_whose_task_forks_never_come_is_unavailable_after_one_fresh_try(make_student):
    student = make_student(FORK_HANG, budget_seconds=60.0, budget_shares=5)
    with pytest.raises(ImportFailed) as caught:
        student.add(1, 2)
    assert "did not start task a within 2 s (in a freshly started process too)" in str(caught.value)
    assert student.unavailable is caught.value  # every later call fails at once, with the same reason
    assert student._spent["a"] > 0  # and the tries were charged to the task that made them


# ------------------------------------------------------------- the canary: the sandbox's failures are said apart

def _channel(tmp_path, source: str, seconds: float = SECONDS, python: str = sys.executable,
             drop_to: int | None = None):
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "prefill.py").write_text(source)
    limits = dataclasses.replace(confine.limits(120, 4096, confine.Sandbox("limited")), drop_to=drop_to)
    return WorkerChannel(WorkerSpec("prefill", folder / "prefill.py", import_seconds=seconds, limits=limits,
                                    box=confine.Sandbox("limited"), python=python))


def test_a_worker_that_cannot_switch_users_fails_the_canary_before_the_submission_is_imported(tmp_path):
    """As in a rootless container: the worker runs in a user namespace that maps no other user."""
    bwrap = shutil.which("bwrap")
    if os.geteuid() != 0:
        untested.skip(untested.ROOT, "only root asks for a switch to nobody")
    if bwrap is None:
        untested.skip(untested.BUBBLEWRAP, "bubblewrap makes the namespace that maps no one")
    wrapper = tmp_path / "python-in-a-container"
    wrapper.write_text(f"#!/bin/sh\nexec {bwrap} --unshare-user --disable-userns --dev-bind / / {sys.executable} "
                       '"$@"\n')
    wrapper.chmod(0o755)
    marker = tmp_path / "imported"
    channel = _channel(tmp_path, f"open({str(marker)!r}, 'w').close()\n", python=str(wrapper),
                       drop_to=confine.NOBODY)
    try:
        with pytest.raises(CanaryFailed) as failed:
            channel.wait_ready()
    finally:
        channel.kill()
    assert failed.value.switching and failed.value.uid == confine.NOBODY
    assert failed.value.cause.startswith("[Errno 1] setgroups() failed:")
    assert not marker.exists()  # nothing of the submission ran: no student can be blamed for it


def test_a_worker_that_does_not_answer_the_canary_in_time_is_slow_not_the_submissions_fault(tmp_path):
    channel = _channel(tmp_path, "x = 1\n", seconds=0.001)  # no Python starts in a millisecond
    try:
        with pytest.raises(CanaryFailed) as failed:
            channel.wait_ready()
    finally:
        channel.kill()
    assert failed.value.slow and "did not start within 0.001 s" in failed.value.cause


def test_a_worker_that_dies_before_the_canary_says_what_it_printed(tmp_path):
    channel = _channel(tmp_path, "x = 1\n", python=shutil.which("false") or "/bin/false")
    try:
        with pytest.raises(CanaryFailed) as failed:
            channel.prove()
    finally:
        channel.kill()
    assert not failed.value.switching and not failed.value.slow
    assert failed.value.cause.startswith("the sandboxed worker ended: ")


HUGE = '''
import numpy as np

def mask(P):
    return np.ones((7000, 7000), dtype=bool)

def add(a, b):
    return a + b
'''


def test_a_reply_far_too_large_is_refused_naming_its_size_and_the_worker_serves_on(make_student):
    """49 MB back from one call: refused before it is read (issue 25: a 48 MB mask took the grader to
    973 MB), skipped, so the same worker answers the next call without an import again."""
    student = make_student(HUGE)
    refused = None
    try:
        student.mask(3)
    except UnsupportedResult as exc:
        refused = exc
    assert refused is not None and "returned a value of 46.7 MiB" in str(refused), refused
    channel = student._channel
    assert student.add(1, 2) == 3 and student._channel is channel
