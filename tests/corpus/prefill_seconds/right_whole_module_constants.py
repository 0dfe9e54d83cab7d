# right: a whole module with named constants, helpers and docstrings, every lesson number kept out of the functions
# base: none
"""E1.2 lesson 2: prefill."""
import math

import numpy as np

FLOPS_PER_PARAM_PER_TOKEN = 2  # one multiply + one add


def _valid_utilization(u: float) -> bool:
    return not math.isnan(u) and 0 < u <= 1


def prefill_flops(N, P):
    """Rough FLOPs to prefill a P-token prompt through an N-parameter model."""
    return FLOPS_PER_PARAM_PER_TOKEN * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at an effective rate of flops_per_sec * utilization."""
    if not _valid_utilization(utilization):
        raise ValueError(f"utilization must be in (0, 1], not {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """(token, earlier-or-same token) pairs."""
    return P * (P + 1) // 2


def causal_mask(P):
    """True where column <= row."""
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    """Running sum of X @ W, all at once and one position at a time."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    acc = np.zeros(Y.shape[1], dtype=Y.dtype)
    for pos, row in enumerate(Y):
        acc = acc + row
        sequential[pos] = acc
    return bool(np.allclose(parallel, sequential))


if __name__ == "__main__":
    assert math.isclose(prefill_flops(7e9, 1000), 1.4e13)
    assert math.isclose(prefill_seconds(7e9, 1000, 1e14, 0.5), 0.28)
    assert causal_pairs(4) == 10
    print("all good")
