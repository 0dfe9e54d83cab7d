# right: `import numpy as np, matplotlib.pyplot as plt, seaborn as sns` on one line; the plots are under __main__
# stood-in: matplotlib, seaborn
# note: prefill.py imports matplotlib and seaborn, which the grader's Python does not have
# base: none
import numpy as np, matplotlib.pyplot as plt, seaborn as sns


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
    sns.heatmap(causal_mask(8))
    plt.show()
