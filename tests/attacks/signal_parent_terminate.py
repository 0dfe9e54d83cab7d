# what: causal_pairs sends SIGINT, SIGTERM, SIGHUP and SIGUSR1 to the grader started by the CLI
# (its first ancestor outside the worker, when it can see it) and answers right
# category: signal
# run: cli
# expect-lost: none
# modes: bubblewrap
# limited-breaks: crash, files, zombies?
# (the killed CLI leaves its scratch copy; its worker re-parents to the test process, a subreaper)
# ruff: noqa  (deliberately hostile code)
import os
import signal


def _grader():
    """The first ancestor without the worker's GRADER_WORKER variable; never an init (pid 1)."""
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
    parent = _grader()
    if parent:
        for number in (signal.SIGUSR1, signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
            try:
                os.kill(parent, number)
            except OSError:
                pass
    return P * (P + 1) // 2
