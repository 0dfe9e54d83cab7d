# mistake: W @ X instead of X @ W
# fails: prefill_matches_sequential
# expect: X @ W: the rows of X are the positions
# diagnosis: sequential.product-order
import numpy as np
def prefill_matches_sequential(X, W):
    Y = W @ X
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = 0
    for i in range(len(Y)):
        total = total + Y[i]
        sequential[i] = total
    return np.allclose(parallel, sequential)
