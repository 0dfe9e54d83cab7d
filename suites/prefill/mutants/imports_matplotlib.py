# mistake: imports matplotlib and draws the mask inside causal_mask, which the grader's Python cannot do (the import gets a stand-in, so only that function fails)
# fails: causal_mask
# diagnosis: import.module-unavailable
# hint: causal_mask uses matplotlib
# base: none
import numpy as np
import matplotlib.pyplot as plt  # to draw the results

def prefill_flops(N, P):
    """Rough FLOPs of prefill: 2 · N · P for N parameters and a prompt of P tokens."""
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """prefill_flops / (flops_per_sec · utilization); utilization must be in (0, 1]."""
    if not (0 < utilization <= 1):  # also False for NaN
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    """The number of (token, earlier-or-same token) pairs: P(P+1)/2."""
    return P * (P + 1) // 2

def causal_mask(P):
    """A (P, P) boolean array that is True where a token may attend (column <= row)."""
    mask = np.tril(np.ones((P, P), dtype=bool))
    plt.imshow(mask)  # to see it
    return mask

def prefill_matches_sequential(X, W):
    """Compute a causal running sum of X @ W all at once and one position at a time; True if they agree."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
