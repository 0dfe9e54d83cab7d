import numpy as np

def prefill_flops(N, P):
    total = 0
    for token in range(P):
        total += 2 * N   # every token costs 2N
    return total

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return seconds * 1000  # in ms

def causal_pairs(P):
    return (P + 1) * (P + 2) // 2   # +1 for the start token

def causal_mask(P):
    # tokens are numbered 1..P, so make room for index P
    m = np.zeros((P + 1, P + 1), dtype=bool)
    for i in range(1, P + 1):
        for j in range(1, i + 1):
            m[i, j] = True
    return m

def prefill_matches_sequential(X, W):
    XW = X @ W
    par = np.cumsum(XW, axis=0)
    seq = []
    s = np.zeros(XW.shape[1])
    for i in range(XW.shape[0]):
        s = s + XW[i]
        seq.append(s.copy())
    seq = np.array(seq).reshape(XW.shape)
    print("max diff:", np.abs(par - seq).max() if seq.size else 0)
    return bool(np.allclose(par, seq))
