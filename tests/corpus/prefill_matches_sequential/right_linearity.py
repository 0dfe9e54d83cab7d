# right: the loop sums the prompt vectors and multiplies each prefix by W, equal to the running sum of X @ W by linearity


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = []
    prefix = np.zeros(X.shape[1])
    for x in X:
        prefix = prefix + x
        sequential.append(prefix @ W)
    return np.allclose(parallel, np.array(sequential))
