# what: causal_mask blocks and ignores every signal it can, cancels alarms and interval timers,
# tries to leave its process group, then spins
# category: hang
# expect-lost: causal_mask
# expect-feedback: did not return within
# ruff: noqa  (deliberately hostile code)
import os
import signal


def causal_mask(P):
    signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    for number in signal.valid_signals():
        try:
            signal.signal(number, signal.SIG_IGN)
        except (OSError, ValueError, RuntimeError):
            pass
    signal.alarm(0)
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    for leave in (os.setsid, os.setpgrp):
        try:
            leave()
        except OSError:
            pass
    while True:
        pass
