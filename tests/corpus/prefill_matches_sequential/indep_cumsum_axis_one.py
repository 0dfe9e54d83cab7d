# mistake: np.cumsum(..., axis=1) runs along the features, not the positions
# fails: prefill_matches_sequential
# expect: the running sum must run over positions (axis 0)
# diagnosis: sequential.cumsum-wrong-axis
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=1)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return bool(np.allclose(parallel, seq))
