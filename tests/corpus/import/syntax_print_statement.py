# mistake: a Python 2 print statement at the top level: the whole file does not compile
# fails: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# diagnosis: import.syntax-error
# hint: Missing parentheses
# base: none
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


print "prefill of the lesson's example:", prefill_seconds(7e9, 1000, 1e14, 0.5)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    return bool(np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(0) for i in range(len(Y))])))
