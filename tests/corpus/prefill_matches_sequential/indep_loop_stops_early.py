# mistake: the loop over range(P - 1) leaves the last row of the sequential result zero
# fails: prefill_matches_sequential
# expect: the loop stops one position early
# diagnosis: sequential.stops-early
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0] - 1):
        running = running + Y[i]
        seq[i] = running
    return bool(np.allclose(parallel, seq))
