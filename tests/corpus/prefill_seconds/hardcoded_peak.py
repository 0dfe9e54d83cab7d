# mistake: writes the lesson's 1e14 FLOP/s peak into a module constant and uses it instead of flops_per_sec
# fails: prefill_seconds
# expect: the rate given is ignored: the lesson's 10¹⁴ FLOP/s is written in
# base: none
# diagnosis: seconds.hardcoded-peak
import numpy as np

PEAK_FLOPS = 1e14  # H100-ish


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (PEAK_FLOPS * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
