# mistake: iterates over X.T (the feature columns) thinking it walks the positions
# fails: prefill_matches_sequential
# expect: iterating over X.T walks the d feature columns, not the P positions: iterate over X (its rows)
# diagnosis: sequential.loop-over-columns


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = []
    running = np.zeros(W.shape[1])
    for x in X.T:          # one token at a time
        running = running + x @ W
        sequential.append(running)
    return np.allclose(parallel, np.array(sequential))
