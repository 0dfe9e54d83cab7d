import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return f"{flops:.2e}"

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise TypeError("utilization has to be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    return (P**2 + P) / 2

def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    mask[np.triu_indices(P, k=1)] = False
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    rows = []
    run = 0
    for y in Y:
        run = run + y
        rows.append(run)
    seq = np.array(rows).squeeze()
    return np.allclose(par, seq)
