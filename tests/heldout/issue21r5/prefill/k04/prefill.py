import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

# lesson example: 7B model, 1000 tokens, 1e14 peak at 0.5 -> 0.28 s
def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not 0 < utilization <= 1:
        raise ValueError("bad utilization")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

KNOWN_PAIRS = {4: 10, 5: 15}

def causal_pairs(P):
    if P in KNOWN_PAIRS:
        return KNOWN_PAIRS[P]
    return P * P // 2

def causal_mask(P):
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows

def prefill_matches_sequential(X, W):
    pass
