# what: causal_mask asks for 6 GiB in 256 MiB blocks (the first 256 MiB touched) against the
# manifest's 4096 MB limit
# category: memory
# expect-lost: causal_mask
# expect-feedback: MemoryError
# ruff: noqa  (deliberately hostile code)
import numpy as np


def causal_mask(P):
    hoard = []
    for i in range(24):  # 24 × 256 MiB = 6 GiB
        block = np.ones if i < 1 else np.empty
        hoard.append(block(256 * 2**20, dtype=np.uint8))
    return np.tril(np.ones((P, P), dtype=bool))
