import numpy as np

# build one big mask once and hand out pieces of it (faster than rebuilding)
_MAX_P = 2048
_FULL_MASK = np.tril(np.ones((_MAX_P, _MAX_P), dtype=bool))


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError(f"utilization {utilization} not in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_mask(P):
    return _FULL_MASK[:P, :P]


def causal_pairs(P):
    # number of True entries of the causal mask
    return int(np.count_nonzero(np.tril(np.ones((P, P), dtype=bool))))


def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = Y
    for i in range(1, len(seq)):
        seq[i] = seq[i] + seq[i - 1]
    par = np.cumsum(Y, axis=0)
    return bool(np.allclose(par, seq))
