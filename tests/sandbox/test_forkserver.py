"""grader.sandbox.forkserver: the trusted client of the fork-server template, and the ForkedProcess it hands out.

A GradingSession gives every worker channel ``ForkServer.spawn`` as its launcher
(grader/grading/session.py); these tests wire it the same way, in both sandbox modes, and
check that a forked worker keeps the ``process.WorkerProcess`` contract the channel relies
on: calls and output, an idempotent kill, the reason it died (also between calls: then the
next call gets a fresh worker, as a spawned one would), refused requests, a staging folder
and private copies that are cleaned up whatever the template did, and no pipe left open
whatever fails. tests/sandbox/inside/test_template.py covers the template's side.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from grader.exceptions import WorkerDied
from grader.sandbox import codec, confine
from grader.sandbox.channel import WorkerChannel, WorkerSpec
from grader.sandbox.forkserver import ForkedProcess, ForkServer
from grader.sandbox.proxy import StudentModule

SECONDS = 30  # for a worker to start or answer on a busy machine; never a measure of speed

STUDENT = '''
import os

print("hello from the import", flush=True)


def add(a, b):
    return a + b


def shout(text):
    print(text, flush=True)
    return len(text)


def pid():
    return os.getpid()


def cwd():
    return os.getcwd()


def exit_three():
    os._exit(3)


def exit_soon():
    import threading
    threading.Timer(0.2, os._exit, (0,)).start()
    return True
'''


@pytest.fixture
def server(box):
    """A fork server with STUDENT staged in its folder as sub/prefill.py; closed after the test."""
    forks = ForkServer(box, confine.limits(60, 4096, box))
    (forks.staging / "sub").mkdir()
    (forks.staging / "sub" / "prefill.py").write_text(STUDENT)
    yield forks
    forks.close()


@pytest.fixture
def channel(server):
    """A worker channel launched as a session launches it: ``ForkServer.spawn``; killed after the test."""
    channels = []

    def start(module_path: Path | None = None) -> WorkerChannel:
        spec = WorkerSpec("prefill", module_path or server.staging / "sub" / "prefill.py", import_seconds=SECONDS,
                          limits=server.limits, box=server.box, launcher=server.spawn)
        channels.append(WorkerChannel(spec))
        return channels[-1]

    yield start
    for started in channels:
        started.kill()


def ask(channel: WorkerChannel, function: str, *args):
    return channel.call(function, args, {}, SECONDS)[0]


def closed(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return True
    return False


def eventually(condition) -> bool:
    """True once ``condition()`` holds; False after SECONDS (output arrives on a thread of its own)."""
    deadline = time.monotonic() + SECONDS
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_forked_worker_serves_a_task_in_a_fork_of_its_imported_module_and_a_clean_slate_in_another(channel):
    """As a spawned worker does: a clean slate is a fork of the imported module, not a new worker from the
    template (which cost the submission's import again, a copy, a canary and a sweep, several times per
    wrong submission)."""
    worker = channel()
    assert isinstance(worker.process, ForkedProcess) and worker.forks_per_task
    assert not worker.enter("causal_pairs") and ask(worker, "add", 2, 3) == 5
    task = ask(worker, "pid")
    assert task == ask(worker, "pid") and task != worker.process.pid  # the task's fork, not the worker itself
    assert worker.enter("causal_mask") and ask(worker, "pid") == task  # it goes on serving: tainted now
    assert not worker.enter("causal_mask", fresh=True) and ask(worker, "pid") not in (task, worker.process.pid)
    assert worker.alive and worker.process.running()


def test_two_workers_are_two_processes(channel):
    assert ask(channel(), "pid") != ask(channel(), "pid")


def test_what_a_forked_worker_prints_is_captured_apart_from_its_replies(channel):
    worker = channel()
    assert ask(worker, "shout", "a line of its own") == len("a line of its own")
    assert eventually(lambda: "a line of its own" in worker.process.output)
    assert worker.process.output.startswith("hello from the import\n")


def test_kill_is_idempotent_and_asks_the_template_once(channel, server, monkeypatch):
    worker = channel()
    ask(worker, "add", 1, 1)
    process = worker.process
    asked = []
    real_kill = server.kill
    monkeypatch.setattr(server, "kill", lambda pid, generation=None: asked.append(pid) or real_kill(pid, generation))
    process.kill()
    process.kill()
    assert asked == [process.pid]
    assert not process.running() and (process.request_fd, process.response_fd) == (-1, -1)
    assert "was killed" in process.death_reason() and "SIGKILL" in process.death_reason()


def test_a_worker_that_exits_in_a_call_dies_with_its_status(channel):
    worker = channel()
    with pytest.raises(WorkerDied) as died:
        ask(worker, "exit_three")
    assert "exit_three() never returned" in str(died.value)
    assert "exited with status 3" in str(died.value)
    assert "exited with status 3" in worker.process.death_reason()  # asked again: the same answer
    assert not worker.alive


def test_the_next_worker_after_a_death_serves_again(channel):
    with pytest.raises(WorkerDied):
        ask(channel(), "exit_three")
    assert ask(channel(), "add", 3, 4) == 7


def test_a_spawn_request_for_a_folder_outside_the_staging_folder_is_refused(server):
    fds = [fd for _ in range(2) for fd in os.pipe()]
    try:
        reply = server._ask({"op": "spawn", "module": "prefill", "module_file": "prefill.py", "dir": "../.."},
                            fds[:3])[0]
    finally:
        for fd in fds:
            os.close(fd)
    assert reply["error"] == "the submission must lie in the staging folder" and "pid" not in reply


def test_an_unknown_request_is_refused_and_the_template_goes_on(server, channel):
    assert server._ask({"op": "explode"}, [])[0]["error"] == "unknown op"
    assert ask(channel(), "add", 1, 2) == 3


def test_a_submission_the_template_cannot_copy_is_worker_died(server):
    with pytest.raises(WorkerDied) as died:
        server.spawn("prefill", server.staging / "never-staged" / "prefill.py")
    assert "could not start a worker: cannot copy the submission" in str(died.value)


def test_a_refused_spawn_removes_what_it_staged_and_closes_every_pipe(server, tmp_path, monkeypatch):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "prefill.py").write_text(STUDENT)
    monkeypatch.setattr(server, "_ask", lambda message, fds: ({"error": "refused for the test", "id": 1}, [], 1))
    made, real_pipe = [], os.pipe
    monkeypatch.setattr(os, "pipe", lambda: made.extend(real_pipe()) or tuple(made[-2:]))
    before = list(server.staging.iterdir())
    with pytest.raises(WorkerDied) as died:
        server.spawn("prefill", tmp_path / "elsewhere" / "prefill.py")
    monkeypatch.undo()
    assert "could not start a worker: refused for the test" in str(died.value)
    assert list(server.staging.iterdir()) == before
    assert len(made) == 6 and all(closed(fd) for fd in made)


def test_a_spawn_that_fails_to_ask_closes_every_pipe_and_removes_what_it_staged(server, tmp_path, monkeypatch):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "prefill.py").write_text(STUDENT)

    def template_gone(message, fds):
        raise WorkerDied("the fork server stopped answering")

    monkeypatch.setattr(server, "_ask", template_gone)
    made, real_pipe = [], os.pipe
    monkeypatch.setattr(os, "pipe", lambda: made.extend(real_pipe()) or tuple(made[-2:]))
    before = list(server.staging.iterdir())
    with pytest.raises(WorkerDied, match="stopped answering"):
        server.spawn("prefill", tmp_path / "elsewhere" / "prefill.py")
    monkeypatch.undo()
    assert list(server.staging.iterdir()) == before
    assert len(made) == 6 and all(closed(fd) for fd in made)


def test_a_process_that_exits_between_calls_is_replaced_as_a_spawned_one_would_be(server):
    """The task's fork of the imported module ends by itself between calls: the next call gets a fresh fork
    (a worker whose imported process ended gets a fresh worker: tests/sandbox/test_channel.py)."""
    spec = WorkerSpec("prefill", server.staging / "sub" / "prefill.py", import_seconds=SECONDS, limits=server.limits,
                      box=server.box, launcher=server.spawn)
    student = StudentModule(spec, timeout=SECONDS)
    try:
        first = student.call("pid")
        assert student.call("exit_soon") is True
        assert eventually(lambda: codec.readable(student._channel._resp_r))  # 0.2 s later: its parent says so
        assert student.call("add", 3, 4) == 7  # a fresh fork, not a failed call
        assert student.call("pid") != first
    finally:
        student.close()


def test_a_module_outside_the_staging_folder_is_staged_then_removed_with_its_worker(server, channel, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "prefill.py").write_text(STUDENT)
    before = {p.name for p in server.staging.iterdir()}
    worker = channel(tmp_path / "elsewhere" / "prefill.py")
    assert ask(worker, "add", 5, 5) == 10
    staged = {p.name for p in server.staging.iterdir()} - before
    assert len(staged) == 1 and (server.staging / staged.pop() / "prefill.py").read_text() == STUDENT
    worker.kill()
    assert {p.name for p in server.staging.iterdir()} == before


def test_a_template_that_died_takes_its_workers_along_and_is_replaced_on_the_next_spawn(server, channel):
    orphan = channel()
    copy = ask(orphan, "cwd")
    server._template.kill()
    with pytest.raises(WorkerDied):
        ask(orphan, "add", 1, 1)
    assert ask(channel(), "add", 2, 2) == 4
    assert not orphan.alive  # a worker of the ended template is never asked about again
    orphan.kill()
    if server.box.mode == "limited":  # its private copy lay on this machine: gone with its template
        assert not os.path.exists(copy)


def test_close_ends_the_template_and_removes_the_staging_folder(box):
    server = ForkServer(box, confine.limits(60, 4096, box))
    try:
        server.start()
        staging, template, scratch = server.staging, server._template.proc, server._scratch
        assert staging.is_dir() and template.poll() is None
        assert (scratch is None) == (box.mode == "bubblewrap")  # limited: the children's folders, ours to remove
    finally:
        server.close()
    assert not staging.exists() and not (scratch and scratch.exists())
    assert template.poll() is not None
    server.close()  # twice: nothing left to end


def test_a_template_whose_trusted_side_vanished_ends_its_workers_and_removes_their_folders(server, channel):
    """A grader killed with SIGKILL closes nothing: its template sees the control socket close
    and must not leave a worker running, nor, in limited mode, folders in the machine's /tmp."""
    worker = channel()
    copy, scratch = ask(worker, "cwd"), server._scratch
    template = server._template.proc
    server._control.close()  # what the kernel does for a trusted process that died
    server._control = None
    template.wait(timeout=SECONDS)
    assert eventually(lambda: not worker.process.running())  # the worker is gone, not just its template
    if server.box.mode == "limited":
        assert not os.path.exists(copy) and not scratch.exists()
    server._template.kill()
    server._template = None
