# what: correct functions that use a thread pool and a short-lived subprocess
# category: benign
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np

_POOL = ThreadPoolExecutor(max_workers=2)
_TWO = int(subprocess.run([sys.executable, "-S", "-c", "print(2)"], capture_output=True, text=True,
                          check=True).stdout)


def prefill_flops(N, P):
    return _TWO * N * P


def causal_mask(P):
    rows = list(_POOL.map(lambda i: np.arange(P) <= i, range(P)))
    return np.array(rows, dtype=bool).reshape(P, P)
