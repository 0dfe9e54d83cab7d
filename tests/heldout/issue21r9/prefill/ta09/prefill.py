import numpy as np

def prefill_flops(N, P):
    flops = N * P * 2
    print("prefill flops:", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    effective = flops_per_sec * utilization
    print("effective FLOP/s:", effective)
    return prefill_flops(N, P) / effective

def causal_pairs(P):
    pairs = (P * P + P) // 2
    print(f"{P} tokens -> {pairs} pairs")
    return pairs

def causal_mask(P):
    # row i can look at column j when j comes before i
    mask = np.tril(np.ones((P, P), dtype=bool), k=-1)
    print(mask.astype(int))
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = np.zeros(Y.shape[1])
    rows = []
    for i in range(Y.shape[0]):
        running += Y[i]
        rows.append(running)
    sequential = np.array(rows)
    print("parallel:\n", parallel)
    print("sequential:\n", sequential)
    return bool(np.allclose(parallel, sequential))

print(prefill_flops(7e9, 1000))
print(prefill_seconds(7e9, 1000, 1e14, 0.5))
print(causal_pairs(4))
