import math

import numpy as np

MAX_PROMPT = 100_000  # no model I know has a longer context


def prefill_flops(N, P):
    # 2*N*P for the weights, plus the attention scores/values: every token
    # against every earlier token (~2*P*P) -- more accurate than the bare 2NP
    weights = 2 * N * P
    attention = 2 * P * P
    return weights + attention


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 0 or P > MAX_PROMPT:
        raise ValueError(f"prompt length must be between 0 and {MAX_PROMPT}")
    return P * (P + 1) // 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    XW = X @ W
    prefix = np.cumsum(XW, axis=0)
    ok = True
    running = np.zeros(XW.shape[1])
    for i in range(XW.shape[0]):
        running = running + XW[i]
        if not np.allclose(running, prefix[i]):
            ok = False
    return ok
