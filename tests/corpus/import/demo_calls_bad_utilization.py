# mistake: a demo at the top of the file tries utilization 0 to see the error, so importing the file raises ValueError
# fails: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# diagnosis: import.raises-at-top-level
# hint: inside prefill_seconds
# hint: if __name__ == "__main__":
# base: none
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError(f"utilization {utilization} is not in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


print(prefill_seconds(7e9, 1000, 1e14, 0.5))
print(prefill_seconds(7e9, 1000, 1e14, 0))  # should raise


def causal_pairs(P):
    return sum(range(1, P + 1))


def causal_mask(P):
    i = np.arange(P)
    return i[:, None] >= i[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    running = np.zeros(Y.shape[1])
    rows = []
    for y in Y:
        running = running + y
        rows.append(running)
    return bool(np.allclose(np.cumsum(Y, axis=0), np.array(rows)))
