import numpy as np

# keep track of prompt tokens already read (like a KV cache)
_tokens_seen = 0
_seconds_cache = {}
_mask_cache = {}


def prefill_flops(N, P):
    global _tokens_seen
    _tokens_seen += P
    return 2 * N * _tokens_seen


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    key = (N, P)
    if key not in _seconds_cache:
        _seconds_cache[key] = 2 * N * P / (flops_per_sec * utilization)
    return _seconds_cache[key]


def causal_pairs(P):
    return (P * P + P) // 2


def causal_mask(P):
    if P not in _mask_cache:
        _mask_cache[P] = np.tril(np.ones((P, P), dtype=bool))
    return _mask_cache[P]


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    seq = [Y[0].copy()] if len(Y) else []
    for i in range(1, len(Y)):
        seq.append(seq[-1] + Y[i])
    return np.allclose(together, np.array(seq).reshape(Y.shape))
