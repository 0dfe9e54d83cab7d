import numpy as np

# same knobs as the widget: model size in billions, prompt tokens, utilisation 0.5

def prefill_flops(N, P):
    N_params = N * 1e9
    return 2 * N_params * P

def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_mask(P):
    return np.tri(P)

def causal_pairs(P):
    return int(causal_mask(P).sum())

def prefill_matches_sequential(X, W):
    pass
