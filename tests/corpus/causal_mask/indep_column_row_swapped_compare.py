# mistake: compares column index >= row index (swapped the broadcast axes)
# fails: causal_mask
# expect: transposed: column >= row is the upper triangle
# diagnosis: mask.transposed
import numpy as np
def causal_mask(P):
    rows = np.arange(P)[:, None]
    cols = np.arange(P)[None, :]
    return cols >= rows
