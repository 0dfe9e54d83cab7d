"""Running a piece of a test in a forked child, for what must not happen to the test process itself.

Applying rlimits, switching users or becoming a subreaper cannot be undone, so tests of those
run the code in a fork and read back what it returned. The child reports over a pipe; a child
that never answers is killed after ``CHILD_SECONDS`` (generous: the machine may be busy).
"""

from __future__ import annotations

import json
import os
import select
import signal
import time
import traceback

CHILD_SECONDS = 60


def in_child(body):
    """Run ``body()`` in a forked child; return the JSON-able value it returned (its error fails the test)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            result = {"value": body()}
        except BaseException:  # noqa: BLE001 - whatever the child met is reported to the test
            result = {"error": traceback.format_exc()}
        try:
            os.write(write_end, json.dumps(result).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    data, deadline = b"", time.monotonic() + CHILD_SECONDS
    try:
        while chunk := _read_before(read_end, deadline):
            data += chunk
    except TimeoutError:
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    result = json.loads(data)
    assert "error" not in result, result.get("error")
    return result["value"]


def _read_before(fd: int, deadline: float) -> bytes:
    remaining = deadline - time.monotonic()
    if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
        raise TimeoutError(f"the forked child did not answer within {CHILD_SECONDS} s")
    return os.read(fd, 65536)
