# right: the demos are under `if __name__ == "__main__":`, so they never run at import
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
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))


if __name__ == "__main__":
    print(prefil_flops(7e9, 1000))  # a typo here costs nothing: this block never runs on import
    print(prefill_seconds(7e9, 1000, 1e14, 0))
    print(causal_mask(5).astype(int))
