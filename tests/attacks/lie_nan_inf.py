# what: NaN and infinity where numbers are expected, a NaN mask, a NaN instead of a bool
# category: lie
# expect-lost: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# expect-feedback: prefill_flops: inf
# expect-feedback: causal_pairs: nan
# expect-feedback: causal_mask: dtype
# expect-feedback: prefill_matches_sequential: nan
# ruff: noqa  (deliberately hostile code)
import numpy as np


def prefill_flops(N, P):
    return float("inf")


def causal_pairs(P):
    return float("nan")


def causal_mask(P):
    return np.full((P, P), np.nan)


def prefill_matches_sequential(X, W):
    X @ W
    return np.float64("nan")
