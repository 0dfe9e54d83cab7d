# mistake: loop fills mask[i, j] for j in range(i): the diagonal stays False
# fails: causal_mask
# expect: leaves out the diagonal
# diagnosis: mask.diagonal-missing
import numpy as np
def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(i):
            mask[i, j] = True
    return mask
