# what: causal_pairs stops its parent process (the grader started by the CLI) with SIGSTOP
# category: signal
# run: cli
# manifest: submission_seconds = 5
# expect-lost: none
# modes: bubblewrap
# limited-breaks: crash, time, files, zombies
# (killed after the time bound, the CLI leaves its scratch copy; its worker re-parents to the test process)
# ruff: noqa  (deliberately hostile code)
import os
import signal


def causal_pairs(P):
    parent = os.getppid()
    if parent > 1:
        try:
            os.kill(parent, signal.SIGSTOP)
        except OSError:
            pass
    return P * (P + 1) // 2
