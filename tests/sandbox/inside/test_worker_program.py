"""grader.sandbox.inside.worker as a program: the frames it writes on its pipes, tested without a sandbox.

``send_reply`` writes on a pipe of the test's own; then the worker program runs as a plain
subprocess (no limits, no sandbox) to show its start-up frames and the task fork. What each
kind of call turns into, answered in-process, is test_worker.py's; the two sit apart so that
neither passes the project's 450 lines. tests/sandbox/test_proxy.py covers the same protocol
through the trusted side and a real sandbox.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from grader.sandbox import codec
from grader.sandbox.inside import worker

from paths import ROOT

SECONDS = 30  # for a worker to start or answer on a busy machine; never a measure of speed

WORKER = "import sys; from grader.sandbox.inside import worker; worker.main(sys.argv[1:])"
CANARY = {"op": "canary", "ok": 42, "uid": os.geteuid()}  # the canary's frame: its value, and who ran it


# --------------------------------------------------------------------------- send_reply

@pytest.fixture
def pipe():
    read_end, write_end = os.pipe()
    yield read_end, write_end
    for fd in (read_end, write_end):
        os.close(fd)


def test_send_reply_writes_the_reply_and_its_bytes(pipe):
    blobs = codec.Blobs()
    reply = {"id": 4, "ok": codec.encode(np.arange(3), blobs)}
    worker.send_reply(pipe[1], reply, blobs)
    message, blob = codec.read_frame(pipe[0], time.monotonic() + SECONDS)
    assert message["id"] == 4 and np.array_equal(codec.decode(message["ok"], blob), [0, 1, 2])


def _circular() -> list:
    loop: list = []
    loop.append(loop)
    return loop


def _deep() -> list:
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    return nested


@pytest.mark.parametrize("bad, words", [(float("nan"), "Out of range float"), ({1, 2}, "set"),
                                        (_circular(), "Circular reference"), (_deep(), "recursion")])
def test_a_reply_json_refuses_becomes_unsupported_without_its_bytes(pipe, bad, words):
    blobs = codec.Blobs()
    blobs.add(b"\x00" * 16)  # bytes the failed reply would have carried
    worker.send_reply(pipe[1], {"id": 5, "ok": bad}, blobs)
    message, blob = codec.read_frame(pipe[0], time.monotonic() + SECONDS)
    assert set(message) == {"id", "unsupported"} and message["id"] == 5 and blob == b""
    assert message["unsupported"].startswith("a value JSON cannot hold (") and words in message["unsupported"]


# --------------------------------------------------------------------------- the program, without a sandbox

@pytest.fixture
def run_worker(tmp_path):
    """Start the worker program on a module's source; yield (process, request fd, response fd); end it all."""
    started = []

    def run(source: str, limits: dict | None = None, command: str = WORKER):
        path = tmp_path / "prefill.py"
        path.write_text(textwrap.dedent(source))
        req_r, req_w = os.pipe()
        resp_r, resp_w = os.pipe()
        limited = [json.dumps(limits)] if limits is not None else []
        try:
            proc = subprocess.Popen([sys.executable, "-c", command, "prefill", str(path), str(req_r), str(resp_w),
                                     *limited],
                                    pass_fds=(req_r, resp_w), cwd=ROOT, start_new_session=True,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        finally:
            os.close(req_r)
            os.close(resp_w)
        started.append((proc, [req_w, resp_r]))
        return proc, started[-1][1]

    yield run
    for proc, fds in started:
        try:  # the task fork shares the worker's process group
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=SECONDS)
        for fd in fds:
            if fd != -1:
                os.close(fd)


def test_the_program_imports_forks_a_task_and_answers_a_call(run_worker):
    proc, fds = run_worker("import numpy as np\n\ndef double(a):\n    return a * 2\n")
    req_w, resp_r = fds
    deadline = time.monotonic() + SECONDS
    codec.write_frame(req_w, {"op": "hello", "id": "h-1"})
    assert codec.read_frame(resp_r, deadline)[0] == CANARY | {"id": "h-1"}  # every frame answers a request
    assert codec.read_frame(resp_r, deadline)[0] == {"op": "ready", "id": "h-1"}
    codec.write_frame(req_w, {"op": "task", "id": "t-1"})
    assert codec.read_frame(resp_r, deadline)[0] == {"op": "forked", "id": "t-1"}
    blobs = codec.Blobs()
    codec.write_frame(req_w, {"op": "call", "id": "c-1", "fn": "double", "echo": False,
                              "args": codec.encode([np.arange(3)], blobs), "kwargs": codec.encode({}, blobs)}, blobs)
    reply, blob = codec.read_frame(resp_r, deadline)
    assert reply["id"] == "c-1" and np.array_equal(codec.decode(reply["ok"], blob), [0, 2, 4])
    os.close(req_w)  # the end of the channel: the fork returns, then its parent says so and returns too
    fds[0] = -1
    assert codec.read_frame(resp_r, deadline)[0] == {"op": "task_over", "id": "t-1", "exit": 0}
    with pytest.raises(codec.ChannelClosed):
        codec.read_frame(resp_r, deadline)
    assert proc.wait(timeout=SECONDS) == 0


def test_the_program_says_nothing_before_it_is_asked(run_worker):
    _, (req_w, resp_r) = run_worker("def double(a):\n    return a * 2\n")
    time.sleep(0.5)  # imported long ago on any machine that is not frozen; still it has said nothing
    assert not codec.readable(resp_r)
    codec.write_frame(req_w, {"op": "hello", "id": 12345})
    assert codec.read_frame(resp_r, time.monotonic() + SECONDS)[0] == CANARY | {"id": 12345}
    assert codec.read_frame(resp_r, time.monotonic() + SECONDS)[0] == {"op": "ready", "id": 12345}


def test_a_module_that_raises_at_import_sends_import_error_with_its_line(run_worker):
    proc, (req_w, resp_r) = run_worker("x = 1\nraise RuntimeError('boom at import')\n")
    codec.write_frame(req_w, {"op": "hello", "id": "h-2"})
    assert codec.read_frame(resp_r, time.monotonic() + SECONDS)[0] == CANARY | {"id": "h-2"}
    message = codec.read_frame(resp_r, time.monotonic() + SECONDS)[0]
    assert message == {"op": "import_error", "id": "h-2", "type": "RuntimeError", "name": "RuntimeError",
                       "message": "boom at import", "lineno": 2, "line": "raise RuntimeError('boom at import')",
                       "frames": [{"function": "<module>", "lineno": 2,
                                   "line": "raise RuntimeError('boom at import')"}]}
    assert proc.wait(timeout=SECONDS) == 0


def test_the_canary_answers_before_the_submission_is_imported_so_an_exit_at_import_cannot_touch_it(run_worker):
    proc, (req_w, resp_r) = run_worker("import os\nos._exit(1)\n")
    codec.write_frame(req_w, {"op": "hello", "id": "h-3"})
    assert codec.read_frame(resp_r, time.monotonic() + SECONDS)[0] == CANARY | {"id": "h-3"}
    with pytest.raises(codec.ChannelClosed):  # then the submission's own exit: its fault, and said apart
        codec.read_frame(resp_r, time.monotonic() + SECONDS)
    assert proc.wait(timeout=SECONDS) == 1


def test_a_worker_that_cannot_switch_users_says_so_instead_of_importing_anything(run_worker, tmp_path):
    marker = tmp_path / "imported"
    limits = {"cpu_seconds": 60, "memory_bytes": 1 << 40, "processes": 64, "file_bytes": 1 << 30,
              "open_files": 256, "drop_to": 65534}
    refusing = ("import errno, os\n"
                "def refuse(groups):  # what a user namespace that maps no other user answers\n"
                "    raise PermissionError(errno.EPERM, 'Operation not permitted')\n"
                f"os.setgroups = refuse\n{WORKER}")
    proc, (req_w, resp_r) = run_worker(f"open({str(marker)!r}, 'w').close()\n", limits=limits, command=refusing)
    codec.write_frame(req_w, {"op": "hello", "id": "h-4"})
    message = codec.read_frame(resp_r, time.monotonic() + SECONDS)[0]
    assert message["op"] == "unconfined" and message["id"] == "h-4" and message["step"] == "uid"
    assert "setgroups() failed" in message["message"]
    with pytest.raises(codec.ChannelClosed):
        codec.read_frame(resp_r, time.monotonic() + SECONDS)
    assert proc.wait(timeout=SECONDS) == 0 and not marker.exists()  # the submission was never imported


def test_the_ready_frame_names_the_modules_stood_in_for_and_only_their_users_fail(run_worker):
    """A top-level import of a module this Python lacks gets a stand-in (inside/standins): the module
    imports, ``ready`` names the module, and a call that uses it raises ModuleNotFoundError."""
    _, (req_w, resp_r) = run_worker("import numpy as np\nimport matplotlib.pyplot as plt\n\n"
                                    "def double(a):\n    return a * 2\n\ndef show(a):\n    plt.imshow(a)\n")
    deadline = time.monotonic() + SECONDS
    codec.write_frame(req_w, {"op": "hello", "id": "h-5"})
    assert codec.read_frame(resp_r, deadline)[0] == CANARY | {"id": "h-5"}
    assert codec.read_frame(resp_r, deadline)[0] == {"op": "ready", "id": "h-5", "stand_ins": ["matplotlib"]}
    codec.write_frame(req_w, {"op": "task", "id": "t-5"})
    assert codec.read_frame(resp_r, deadline)[0] == {"op": "forked", "id": "t-5"}
    for fn, args in (("double", [2]), ("show", [[1]])):
        blobs = codec.Blobs()
        codec.write_frame(req_w, {"op": "call", "id": fn, "fn": fn, "echo": False,
                                  "args": codec.encode(args, blobs), "kwargs": codec.encode({}, blobs)}, blobs)
        reply, blob = codec.read_frame(resp_r, deadline)
        if fn == "double":
            assert codec.decode(reply["ok"], blob) == 4
        else:
            raised = reply["raised"]
            assert (raised["type"], raised["message"], raised["line"]) == \
                ("ModuleNotFoundError", "No module named 'matplotlib'", "plt.imshow(a)")
