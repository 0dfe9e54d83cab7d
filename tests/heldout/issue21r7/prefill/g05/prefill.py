import numpy as np

def prefill_flops(N, P):
    result = 2 * N * P
    print("prefill flops:", result)
    return result

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization < 1:
        raise ValueError("bad utilization")
    flops = prefill_flops(N, P)
    t = flops / (flops_per_sec * utilization)
    print("time =", t, "s")
    return t

def causal_pairs(P):
    # each pair of tokens once
    return P * (P - 1) / 2

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    print(mask)
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y)
    one_by_one = []
    running = 0
    for row in Y:
        running = running + row
        one_by_one.append(running)
    one_by_one = np.array(one_by_one)
    print(all_at_once)
    print(one_by_one)
    return np.allclose(all_at_once, one_by_one)
