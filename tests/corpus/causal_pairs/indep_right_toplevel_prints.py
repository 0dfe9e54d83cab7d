# right: prints and asserts the lesson's numbers at the top level (runs at import, harmless)
# base: none
import numpy as np

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
    s = np.zeros_like(Y)
    for i in range(len(Y)):
        s[i] = Y[i] + (s[i - 1] if i else 0)
    return bool(np.allclose(np.cumsum(Y, axis=0), s))

print("FLOPs:", prefill_flops(7e9, 1000))
print("seconds:", prefill_seconds(7e9, 1000, 1e14, 0.5))
assert causal_pairs(4) == 10
print(causal_mask(5))
