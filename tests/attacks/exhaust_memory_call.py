# what: causal_mask asks for 6 GiB in 256 MiB blocks (32 MiB of the first touched: writing all 256 MiB took
# longer than the call's 2 s on a machine at load 11, a timeout instead of the MemoryError) against the
# manifest's 4096 MB limit
# category: memory
# expect-lost: causal_mask
# expect-feedback: MemoryError
# ruff: noqa  (deliberately hostile code)
import numpy as np


def causal_mask(P):
    hoard = []
    for i in range(24):  # 24 × 256 MiB = 6 GiB
        hoard.append(np.empty(256 * 2**20, dtype=np.uint8))
        if i < 1:
            hoard[0][: 32 * 2**20] = 1
    return np.tril(np.ones((P, P), dtype=bool))
