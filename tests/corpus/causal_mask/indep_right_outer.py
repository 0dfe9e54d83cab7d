# right: np.greater_equal.outer
import numpy as np
def causal_mask(P):
    idx = np.arange(P)
    return np.greater_equal.outer(idx, idx)
