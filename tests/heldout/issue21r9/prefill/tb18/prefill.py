from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PrefillCostModel:
    """2·N·P cost model for the prefill phase."""

    n_params: float
    prompt_tokens: float

    @property
    def flops(self) -> float:
        return 2.0 * float(self.n_params) * float(self.prompt_tokens)

    def seconds(self, flops_per_sec: float, utilization: float = 1.0) -> float:
        return self.flops / (flops_per_sec * self._effective(utilization))

    @staticmethod
    def _effective(utilization: float) -> float:
        # keep the utilisation physically meaningful: never above peak, never zero
        return min(max(utilization, 1e-6), 1.0)


def prefill_flops(N, P):
    return PrefillCostModel(N, P).flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return PrefillCostModel(N, P).seconds(flops_per_sec, utilization)


def causal_pairs(P):
    P = np.int64(P)
    return P * (P + 1) // 2


def causal_mask(P):
    idx = np.arange(P)
    return np.greater_equal.outer(idx, idx)


def prefill_matches_sequential(X, W):
    Y = X @ W
    # parallel: prefix sums for all positions at once (written straight into a buffer)
    parallel = np.cumsum(Y, axis=0, out=X)
    # sequential: one position at a time
    sequential = np.empty_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        sequential[t] = acc
    return bool(np.allclose(parallel, sequential))
