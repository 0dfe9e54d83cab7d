# right: fills each row up to and including the diagonal
import numpy as np
def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 1] = True
    return mask
