# what: graded right after persist_state; causal_pairs is wrong (-1) if it finds any trace of it
# category: persist
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import builtins
import os

import numpy as np

_TRACES = ["/tmp/@@MARKER@@-state", "/dev/shm/@@MARKER@@-state",
           os.path.join(os.path.expanduser("~"), ".@@MARKER@@-state"), os.path.join(os.getcwd(), "@@MARKER@@-state")]
_SEEN = [path for path in _TRACES if os.path.exists(path)]
if getattr(builtins, "sabotaged", False) or isinstance(np.triu(np.ones((2, 2))), str):
    _SEEN.append("patched modules")


def causal_pairs(P):
    if _SEEN:
        print("found", _SEEN)
        return -1
    return P * (P + 1) // 2
