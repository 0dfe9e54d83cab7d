import numpy as np

def prefill_flops(N, P):
    flops = int(2 * N * P)
    print("flops:", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization out of range")
    t = 2 * N * P / flops_per_sec * utilization
    print("seconds:", t)
    return t

def causal_pairs(P):
    # half of the P x P grid
    return P**2 / 2

def causal_mask(P):
    m = np.tril(np.ones((P, P)))
    print(m)
    return m

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y)
    print("parallel", par)
    seq = []
    acc = np.zeros(W.shape[1])
    for row in Y:
        acc = acc + row
        seq.append(acc)
    seq = np.array(seq)
    print("sequential", seq)
    return np.allclose(par, seq)

print(prefill_flops(7e9, 1000))
print(prefill_seconds(7e9, 1000, 1e14, 0.5))
