# right: all True, then the strict upper triangle cleared with triu_indices
import numpy as np
def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    mask[np.triu_indices(P, k=1)] = False
    return mask
