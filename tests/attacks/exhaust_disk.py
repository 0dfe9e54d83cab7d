# what: causal_pairs writes up to 200 MB in 40 MB files, wherever it can: its folder, its home,
# /tmp, /dev/shm, /dev; it answers right only if it got more than 128 MB down, twice the
# sandbox's 64 MB /tmp budget (the folder is the throwaway copy; /tmp files are named @@MARKER@@)
# category: disk
# expect-lost: causal_pairs
# expect-feedback: expected
# modes: bubblewrap
# limited-breaks: raised
# manifest: call_seconds = 30
# manifest: submission_seconds = 40
# (writing 200 MB to a real disk may take seconds on a busy machine: the breach, not the time limit, is tested)
# ruff: noqa  (deliberately hostile code)
import os

_written = None


def _fill():
    total, block = 0, b"\0" * (8 << 20)
    for folder in (os.getcwd(), os.path.expanduser("~"), "/tmp", "/dev/shm", "/dev"):
        for i in range(5):
            if total >= 200 << 20:
                return total
            path = os.path.join(folder, f"@@MARKER@@-disk-{i}")
            try:
                with open(path, "wb") as stream:
                    for _ in range(5):
                        stream.write(block)
                        total += len(block)
            except OSError:
                break
    return total


def causal_pairs(P):
    global _written
    if _written is None:
        _written = _fill()
    return P * (P + 1) // 2 if _written > 128 << 20 else -1
