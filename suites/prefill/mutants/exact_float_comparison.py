# mistake: summed the prompt before multiplying and compared the floats with ==
# fails: prefill_matches_sequential
# diagnosis: sequential.exact-equality


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros_like(parallel)
    for i in range(X.shape[0]):
        sequential[i] = X[: i + 1].sum(axis=0) @ W  # every position up to i, then through W
    return bool((parallel == sequential).all())
