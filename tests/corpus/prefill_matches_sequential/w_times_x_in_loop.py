# mistake: the loop multiplies W @ x for each position, the parallel part X @ W
# fails: prefill_matches_sequential
# expect: W @ x is not x @ W (W is not symmetric): each position's vector multiplies W from the left, as a row of X @ W
# diagnosis: sequential.product-order


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros_like(parallel)
    running = np.zeros(W.shape[1])
    for i, x in enumerate(X):
        running = running + W @ x
        sequential[i] = running
    return np.allclose(parallel, sequential)
