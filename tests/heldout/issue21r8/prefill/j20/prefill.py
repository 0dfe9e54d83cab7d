import numpy as np

def prefill_flops(N, P):
    # P is a token count -> store it as an integer
    return 2 * N * np.int32(P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    rate = flops_per_sec * utilization
    return rate / (2 * N * P)

def causal_pairs(P):
    return np.arange(1, P + 1, dtype=np.int64).sum()

def causal_mask(P):
    r = np.arange(P)
    return r[None, :] >= r[:, None]

def prefill_matches_sequential(X, W):
    together = np.cumsum(X @ W, axis=0)
    one_at_a_time = np.zeros_like(together)
    running = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        running = running + X[i]
        one_at_a_time[i] = running
    return np.allclose(together, one_at_a_time)
