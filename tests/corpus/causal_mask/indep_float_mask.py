# mistake: np.tril(np.ones((P, P))) left as floats
# fails: causal_mask
# expect: a float array, not a boolean one
# diagnosis: mask.not-bool
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P)))
