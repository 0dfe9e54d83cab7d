# mistake: imported numpy without `as np`, and a constant at the top of the file uses np: the import itself fails
# fails: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# diagnosis: import.numpy-without-np
# hint: line 6 imports numpy under its own name
# base: none
import numpy

TOLERANCE = np.float64(1e-9)


def prefill_flops(N, P):
    return 2 * N * P


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
    seq = np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))])
    return bool(np.allclose(np.cumsum(Y, axis=0), seq, atol=TOLERANCE))
