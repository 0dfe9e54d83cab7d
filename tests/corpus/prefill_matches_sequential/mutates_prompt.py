# mistake: builds the running sum in place inside the caller's X (X[i] += X[i - 1]) before multiplying
# fails: prefill_matches_sequential
# expect: the function changes the caller's X: build the running sum in a new array
# diagnosis: sequential.mutates-input


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    for i in range(1, len(X)):
        X[i] += X[i - 1]
    sequential = X @ W
    return np.allclose(parallel, sequential)
