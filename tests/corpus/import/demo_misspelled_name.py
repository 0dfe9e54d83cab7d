# mistake: a demo line at the end of the file calls prefill_flops with a typo, so importing the file fails with NameError
# fails: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# diagnosis: import.raises-at-top-level
# hint: line 37 of prefill.py runs when the grader imports the file
# hint: did you mean prefill_flops?
# base: none
import numpy as np


def prefill_flops(N, P):
    # one multiply and one add per parameter per token
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or utilization != utilization:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.zeros_like(Y)
    for i in range(len(Y)):
        seq[i] = Y[: i + 1].sum(axis=0)
    return np.allclose(np.cumsum(Y, axis=0), seq)


print("7B model, 1000 tokens:", prefil_flops(7e9, 1000), "FLOPs")
