# mistake: prefill_flops logs its count with tqdm.write (the grader has no tqdm); prefill_seconds, right itself, calls it
# fails: prefill_flops, prefill_seconds
# diagnosis: import.module-unavailable
# hint: prefill_flops: prefill_flops uses tqdm
# hint: prefill_seconds: prefill_seconds calls prefill_flops, which uses tqdm
# stood-in: tqdm
# base: none
import numpy as np
from tqdm import tqdm


def prefill_flops(N, P):
    flops = 2 * N * P
    tqdm.write(f"prefill: {flops:.3g} FLOPs")
    return flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))
