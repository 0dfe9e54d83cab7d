# mistake: Y[:i + 1].sum() without an axis, one number per position instead of a vector
# fails: prefill_matches_sequential
# expect: .sum() without axis adds the features too: sum over axis 0 to keep one vector per position
# diagnosis: sequential.sum-over-everything


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum()
    return np.allclose(parallel, sequential)
