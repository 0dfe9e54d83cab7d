# mistake: a typo in the import line, `import nupmy as np`: the functions that use np fail, the others are right
# fails: causal_mask, prefill_matches_sequential
# diagnosis: import.module-unavailable
# hint: causal_mask: causal_mask uses nupmy, which the grader's Python does not have (did you mean numpy?)
# hint: prefill_matches_sequential: nupmy
# stood-in: nupmy
# note: (did you mean numpy?)
# base: none
import nupmy as np


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
