# mistake: sets mask[i, i:] = True (from the diagonal to the right)
# fails: causal_mask
# expect: the upper triangle: transposed
# diagnosis: mask.transposed
import numpy as np
def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, i:] = True
    return mask
