# mistake: hard-codes the 5-token demo grid
# fails: causal_mask
# no-diagnosis: gaming: right only for P = 5
import numpy as np
def causal_mask(P):
    grid = np.array([[1, 0, 0, 0, 0],
                     [1, 1, 0, 0, 0],
                     [1, 1, 1, 0, 0],
                     [1, 1, 1, 1, 0],
                     [1, 1, 1, 1, 1]], dtype=bool)
    return grid
