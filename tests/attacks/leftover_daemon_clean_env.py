# what: causal_pairs starts a setsid'd, double-forked daemon that execs a fresh interpreter
# with an empty environment (nothing inherited to recognise it by), then answers right
# category: leftover
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import os
import sys

_done = False


def causal_pairs(P):
    global _done
    if not _done:
        _done = True
        pid = os.fork()
        if pid == 0:
            os.setsid()
            if os.fork() == 0:
                os.execve(sys.executable, [sys.executable, "-S", "-c", "import time; time.sleep(60)", "@@MARKER@@"],
                          {})
            os._exit(0)
        os.waitpid(pid, 0)
    return P * (P + 1) // 2
