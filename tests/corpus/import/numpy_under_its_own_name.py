# right: numpy imported as numpy and used as numpy throughout
# base: none
import numpy


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return numpy.tril(numpy.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = numpy.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))])
    return bool(numpy.allclose(numpy.cumsum(Y, axis=0), seq))
