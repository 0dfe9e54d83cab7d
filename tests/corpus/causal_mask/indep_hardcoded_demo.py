# mistake: hard-codes the 5-token demo grid
# fails: causal_mask
# diagnosis: mask.wrong-shape
# expect: for any P but 5 it returns the 5 × 5 demo grid: a mask of the wrong shape, which is what is seen (issue 21: a wrong shape is named directly)
import numpy as np
def causal_mask(P):
    grid = np.array([[1, 0, 0, 0, 0],
                     [1, 1, 0, 0, 0],
                     [1, 1, 1, 0, 0],
                     [1, 1, 1, 1, 0],
                     [1, 1, 1, 1, 1]], dtype=bool)
    return grid
