# mistake: stores the running sum before adding the current row, so position i holds the sum of the rows before it
# fails: prefill_matches_sequential
# expect: the running sum leaves out the current position (an exclusive prefix sum): add row i before storing it
# diagnosis: sequential.excludes-current


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        sequential[i] = running
        running = running + Y[i]
    return np.allclose(parallel, sequential)
