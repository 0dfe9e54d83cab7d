# mistake: the loop stores the running sum before adding the current position
# fails: prefill_matches_sequential
# expect: the running sum leaves out the current position
# diagnosis: sequential.excludes-current
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        seq[i] = running
        running += Y[i]
    return bool(np.allclose(parallel, seq))
