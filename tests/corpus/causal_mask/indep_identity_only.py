# mistake: np.eye: each token only sees itself
# fails: causal_mask
# expect: only the diagonal: earlier tokens are left out
# diagnosis: mask.diagonal-only
import numpy as np
def causal_mask(P):
    return np.eye(P, dtype=bool)
