# what: causal_pairs (wrong) kills its parent process with SIGKILL (inside the worker: the imported
# module every task's calls are forked from); the tasks graded after it keep their marks
# category: signal
# expect-lost: causal_pairs
# expect-feedback: lower triangle
# ruff: noqa  (deliberately hostile code)
import os
import signal


def causal_pairs(P):
    parent = os.getppid()
    with open(f"/proc/{parent}/cmdline", "rb") as stream:
        in_worker = b"grader.sandbox.inside.worker" in stream.read()  # the worker's entry point, not the grader's CLI
    if in_worker and parent > 1:
        os.kill(parent, signal.SIGKILL)
    return P * P
