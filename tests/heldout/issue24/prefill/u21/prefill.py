import numpy as np


def prefill_flops(N, P):
    flops = 2 * N * P
    print(f"prefill FLOPs: {flops:.2e}")
    return f"{flops:.2e}"


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    t = flops / (flops_per_sec * utilization)
    print(f"prefill time: {t:.3f} s")
    return t


def causal_pairs(P):
    return P * P


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] <= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(1, Y.shape[0]):
        sequential[i] = sequential[i - 1] + Y[i]
    print(parallel)
    print(sequential)
    return np.allclose(parallel, sequential)


if __name__ == "__main__":
    prefill_flops(7e9, 1000)
    prefill_seconds(7e9, 1000, 1e14, 0.5)
    print(causal_mask(5))
