# mistake: compares with np.array_equal, and the loop sums the prompt vectors before multiplying by W (another order of the float operations)
# fails: prefill_matches_sequential
# expect: floats must be compared with a tolerance (np.allclose): summing in another order changes the last bits
# diagnosis: sequential.exact-equality


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros_like(parallel)
    prefix = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        prefix = prefix + X[i]
        sequential[i] = prefix @ W
    return np.array_equal(parallel, sequential)
