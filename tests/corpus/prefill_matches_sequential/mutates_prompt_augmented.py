# mistake: keeps the running sum in X's first row view (acc = X[0]; acc += ...), which writes into the caller's X
# fails: prefill_matches_sequential
# expect: the function changes the caller's X: acc = X[0] is a view, so += writes into X; copy it first
# diagnosis: sequential.mutates-input


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    acc = X[0]
    seq = [acc @ W]
    for i in range(1, X.shape[0]):
        acc += X[i]
        seq.append(acc @ W)
    return np.allclose(parallel, np.array(seq))
