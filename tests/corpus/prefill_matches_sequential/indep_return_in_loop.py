# mistake: the comparison and return sit inside the loop: only position 0 is compared
# fails: prefill_matches_sequential
# no-diagnosis: its answer is True like a right function's; the observation shows it: with np.cumsum's last row changed, it still says True
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        return bool(np.allclose(parallel[i], running))
