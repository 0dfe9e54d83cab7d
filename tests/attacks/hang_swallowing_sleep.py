# what: causal_pairs sleeps forever and swallows every exception; handlers for SIGTERM, SIGINT,
# SIGALRM, SIGHUP and SIGUSR1 do nothing
# category: hang
# expect-lost: causal_pairs
# expect-feedback: did not return within
# ruff: noqa  (deliberately hostile code)
import signal
import time

for _number in (signal.SIGTERM, signal.SIGINT, signal.SIGALRM, signal.SIGHUP, signal.SIGUSR1):
    signal.signal(_number, lambda *args: None)


def causal_pairs(P):
    while True:
        try:
            time.sleep(3600)
        except BaseException:  # noqa: BLE001 - that is the point
            pass
