import math
import numpy as np


def prefill_flops(N, P):
    return math.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization < 0 or utilization > 1 or math.isnan(utilization):
        raise ValueError("utilization has to be between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # token P sees P tokens, plus everything the first P-1 tokens see
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)


def causal_mask(P):
    # token i may look at the tokens before it
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    step = []
    for i in range(X.shape[0]):
        step.append(X[: i + 1].sum(axis=0) @ W)   # everything up to position i, then project
    step = np.array(step)
    return bool((all_at_once == step).all())
