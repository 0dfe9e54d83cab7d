# right: multiplies each position by W inside the loop (one position at a time), returns np.bool_
import numpy as np
def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    state = np.zeros(W.shape[1])
    sequential = np.zeros((X.shape[0], W.shape[1]))
    for t in range(X.shape[0]):
        state = state + X[t] @ W
        sequential[t] = state
    return np.allclose(parallel, sequential)
