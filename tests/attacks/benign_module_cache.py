# what: correct functions behind module-level caches: lru_cache, a dict memo, a table built at import
# category: benign
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import functools

import numpy as np

_PAIRS = {P: P * (P + 1) // 2 for P in range(100)}
_calls = {"causal_mask": 0}


@functools.lru_cache(maxsize=None)
def _mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def causal_mask(P):
    _calls["causal_mask"] += 1
    return _mask(P).copy()  # a copy of the cached array: one handed out itself comes back changed (issue 21, round 5)


def causal_pairs(P):
    if P not in _PAIRS:
        _PAIRS[P] = P * (P + 1) // 2
    return _PAIRS[P]
