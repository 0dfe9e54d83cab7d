import numpy as np


def prefill_flops(N, P):
    # vectorised product, keeps everything in numpy
    return np.prod(np.array([2, N, P]))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError("utilization must lie in (0, 1]")
    total = 2.0 * np.float64(N) * np.float64(P)
    return float(total / (np.float64(flops_per_sec) * u))


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    return np.tri(P, P, dtype=np.bool_)


def prefill_matches_sequential(X, W):
    H = np.matmul(X, W)
    fast = H.cumsum(axis=0)
    slow = np.vstack([H[: i + 1].sum(axis=0) for i in range(H.shape[0])])
    return np.allclose(fast, slow)
