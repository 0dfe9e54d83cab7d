# mistake: the comparison and return sit inside the loop: only position 0 is compared
# fails: prefill_matches_sequential
# no-diagnosis: the first positions agree whenever the others do, so no call can show that only the first is compared
# xfail: no call can reveal it: the reference says True for every X and W that fit, and so does this (issue 15)
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        return bool(np.allclose(parallel[i], running))
