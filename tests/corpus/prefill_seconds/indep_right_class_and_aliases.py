# right: the functions live in a class as static methods and are bound to the lesson's names
# base: none
import numpy as np


class Prefill:
    @staticmethod
    def flops(N, P):
        return 2 * N * P

    @classmethod
    def seconds(cls, N, P, flops_per_sec, utilization=1.0):
        if not 0 < utilization <= 1:
            raise ValueError("utilization must be in (0, 1]")
        return cls.flops(N, P) / (flops_per_sec * utilization)

    @staticmethod
    def pairs(P):
        return P * (P + 1) // 2

    @staticmethod
    def mask(P):
        return np.tril(np.ones((P, P), dtype=bool))

    @staticmethod
    def matches(X, W):
        Y = X @ W
        seq = np.cumsum(Y[:1], axis=0)
        for i in range(1, len(Y)):
            seq = np.vstack([seq, seq[-1] + Y[i]])
        return bool(np.allclose(np.cumsum(Y, axis=0), seq))


prefill_flops = Prefill.flops
prefill_seconds = Prefill.seconds
causal_pairs = Prefill.pairs
causal_mask = Prefill.mask
prefill_matches_sequential = Prefill.matches
