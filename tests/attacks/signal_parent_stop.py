# what: causal_pairs stops the grader started by the CLI with SIGSTOP: the first ancestor that
# is not part of the worker (whose processes carry the GRADER_WORKER variable)
# category: signal
# run: cli
# manifest: submission_seconds = 5
# expect-lost: none
# modes: bubblewrap
# limited-breaks: crash, time, files, zombies?
# (killed after the time bound, the CLI leaves its scratch copy; its worker re-parents to the test process)
# ruff: noqa  (deliberately hostile code)
import os
import signal


def _grader():
    pid = os.getppid()
    while pid > 1:
        try:
            with open(f"/proc/{pid}/environ", "rb") as stream:
                if not any(v.startswith(b"GRADER_WORKER=") for v in stream.read().split(b"\0")):
                    return pid
            with open(f"/proc/{pid}/stat", "rb") as stream:
                pid = int(stream.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return None
    return None


def causal_pairs(P):
    target = _grader()
    if target:
        try:
            os.kill(target, signal.SIGSTOP)
        except OSError:
            pass
    return P * (P + 1) // 2
