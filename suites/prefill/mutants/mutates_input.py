# mistake: builds the running sum inside X, changing the caller's prompt
# fails: prefill_matches_sequential
# diagnosis: sequential.mutates-input


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    for i in range(1, X.shape[0]):  # the running sum of the prompt, built in place
        X[i] += X[i - 1]
    sequential = X @ W
    return bool(np.allclose(parallel, sequential))
