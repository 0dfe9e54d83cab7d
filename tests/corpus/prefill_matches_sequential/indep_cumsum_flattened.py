# mistake: np.cumsum without an axis flattens the array
# fails: prefill_matches_sequential
# expect: cumsum without axis flattens: the running sum must run over positions
# diagnosis: sequential.cumsum-flattened
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y)
    seq = []
    running = np.zeros(Y.shape[1])
    for row in Y:
        running = running + row
        seq.append(running)
    return np.allclose(parallel, np.array(seq))
