import numpy as np

# precompute once, slicing is cheap
_MAX_PROMPT = 512
_FULL_MASK = np.tril(np.ones((_MAX_PROMPT, _MAX_PROMPT), dtype=bool))


def prefill_flops(N, P):
    # weights: 2 per parameter per token, plus attention scores (every token vs every token)
    return 2 * N * P + 2 * P * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / flops_per_sec / utilization


def causal_pairs(P):
    if P <= 1:
        return P
    return P + causal_pairs(P - 1)


def causal_mask(P):
    return _FULL_MASK[:P, :P].copy()


def prefill_matches_sequential(X, W):
    Y = X
    Y @= W
    batched = np.cumsum(Y, axis=0)
    stepwise = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        stepwise[t] = acc
    return bool(np.allclose(batched, stepwise))
