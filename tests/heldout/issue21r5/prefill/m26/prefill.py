import numpy as np


def prefill_flops(N, P):
    return 2.0 * np.float64(N) * np.float64(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if not np.isfinite(u) or not (0.0 < u <= 1.0):
        raise ValueError("utilization must be a number in (0, 1]")
    return prefill_flops(N, P) / np.multiply(flops_per_sec, u)


def causal_pairs(P):
    # 1 + 2 + ... + P without the P x P matrix
    return np.arange(1, P + 1, dtype=np.int64).sum()


def causal_mask(P):
    pos = np.arange(P)
    return np.greater_equal.outer(pos, pos)


def prefill_matches_sequential(X, W):
    Y = np.einsum("pd,de->pe", X, W)
    par = np.cumsum(Y, axis=0)
    # sequential scan with a float32 accumulator (half the memory)
    seq = np.empty(Y.shape, dtype=np.float32)
    acc = np.zeros(Y.shape[1], dtype=np.float32)
    for t in range(Y.shape[0]):
        acc += Y[t]
        seq[t] = acc
    return bool(np.allclose(par, seq))
