# mistake: turns X into its running sum in place (the caller's X is changed)
# fails: prefill_matches_sequential
# expect: changes the caller's X in place
# diagnosis: sequential.mutates-input
import numpy as np
def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
    sequential = X @ W
    return bool(np.allclose(parallel, sequential))
