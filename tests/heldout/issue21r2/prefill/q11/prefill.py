import numpy as np

BILLION = 1e9


def prefill_flops(N, P):
    """N = number of parameters, P = prompt tokens. Returns FLOPs."""
    # people usually say "a 7B model": accept N in billions too
    if N < 1e4:
        N = N * BILLION
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds = FLOPs / (FLOP/s delivered)."""
    if not (0 < utilization <= 1):
        raise ValueError("utilization is a fraction in (0, 1]")
    delivered = flops_per_sec * utilization  # FLOP/s
    return prefill_flops(N, P) / delivered   # FLOP / (FLOP/s) = s


def causal_pairs(P):
    """(token, earlier-or-same token) pairs, dimensionless."""
    return P * (P + 1) // 2


def causal_mask(P):
    # everything strictly above the diagonal is the future
    future = np.triu(np.ones((P, P), dtype=bool), k=1)
    return ~future


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)

    # sequential: keep the running prompt vector, project it at every step
    P, d = X.shape
    sequential = np.zeros((P, d))
    running = np.zeros(d)
    for t in range(P):
        running = running + X[t]
        sequential[t] = running @ W

    return bool(np.max(np.abs(parallel - sequential)) < 1e-9)
