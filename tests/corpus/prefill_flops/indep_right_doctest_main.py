# right: doctests in the docstrings and doctest.testmod() under __main__
# base: none
import numpy as np

def prefill_flops(N, P):
    """
    >>> prefill_flops(7e9, 1000)
    14000000000000.0
    """
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """
    >>> round(prefill_seconds(7e9, 1000, 1e14, 0.5), 2)
    0.28
    """
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    """
    >>> causal_pairs(4)
    10
    """
    return P * (P + 1) // 2

def causal_mask(P):
    return np.arange(P)[:, None] >= np.arange(P)

def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))

if __name__ == "__main__":
    import doctest
    doctest.testmod(verbose=True)
