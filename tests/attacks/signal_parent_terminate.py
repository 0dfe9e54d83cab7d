# what: causal_pairs sends SIGINT, SIGTERM, SIGHUP and SIGUSR1 to its parent process (the
# grader started by the CLI, when it can see it) and answers right
# category: signal
# run: cli
# expect-lost: none
# modes: bubblewrap
# limited-breaks: crash, files, zombies
# (the killed CLI leaves its scratch copy; its worker re-parents to the test process, a subreaper)
# ruff: noqa  (deliberately hostile code)
import os
import signal


def causal_pairs(P):
    parent = os.getppid()
    if parent > 1:  # never the sandbox's init or the machine's
        for number in (signal.SIGUSR1, signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
            try:
                os.kill(parent, number)
            except OSError:
                pass
    return P * (P + 1) // 2
