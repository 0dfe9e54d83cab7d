import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return f"{flops:.2e}"

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization or not 0 < utilization <= 1:   # NaN != NaN
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    return (P + 1) * P / 2

# build the mask once, slicing is faster than building it again every call
_MAX_P = 512
_FULL_MASK = np.tril(np.ones((_MAX_P, _MAX_P), dtype=bool))

def causal_mask(P):
    return _FULL_MASK[:P, :P]

def prefill_matches_sequential(X, W):
    par = np.cumsum(X @ W, axis=0)
    seq = np.zeros_like(par)
    acc = np.zeros(X.shape[1])
    for t in range(X.shape[0]):
        acc = acc + X[t]          # running sum of the prompt vectors
        seq[t] = acc @ W
    return bool((par == seq).all())
