# mistake: X * W, the element-wise product, instead of the matrix product X @ W
# fails: prefill_matches_sequential
# expect: * multiplies element by element (and needs matching shapes); the lesson's X @ W is the matrix product
# diagnosis: sequential.elementwise-product


def prefill_matches_sequential(X, W):
    Y = X * W
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return np.allclose(parallel, seq)
