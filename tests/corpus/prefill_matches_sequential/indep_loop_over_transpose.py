# mistake: iterates over Y.T (the columns) and builds the running sum of columns
# fails: prefill_matches_sequential
# expect: iterates over columns: the loop must go over positions
# diagnosis: sequential.cumsum-wrong-axis
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    cols = []
    running = np.zeros(Y.shape[0])
    for col in Y.T:
        running = running + col
        cols.append(running.copy())
    sequential = np.array(cols).T
    return bool(np.allclose(parallel, sequential))
