# what: about 100 MB on stdout through print and sys.stdout, then the right value
# category: output
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import sys

_done = False


def prefill_flops(N, P):
    global _done
    if not _done:
        _done = True
        line = "all 27 checks passed " * 48 + "\n"  # about 1 KB
        for _ in range(50_000):
            print(line, end="")
        sys.stdout.write("x" * 50_000_000)
        sys.stdout.flush()
    return 2 * N * P
