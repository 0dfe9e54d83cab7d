# mistake: X * W (elementwise) instead of the matrix product
# fails: prefill_matches_sequential
# expect: X @ W is a matrix product, not elementwise
# diagnosis: sequential.elementwise-product
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X * W
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(np.allclose(parallel, seq))
