import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    print(f"prefill needs {flops:.2e} FLOPs")
    return f"{flops:.2e}"

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or utilization != utilization:
        raise ValueError("utilization must be in (0, 1]")
    return (2 * N * P) // (flops_per_sec * utilization)

def causal_pairs(P):
    # token P pairs with P tokens, plus all the pairs of the shorter prompt
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)

def causal_mask(P):
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return rows > cols

def prefill_matches_sequential(X, W):
    pass
