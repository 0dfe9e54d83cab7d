# mistake: passes dtype=bool to np.tril, which takes no dtype (TypeError)
# fails: causal_mask
# expect: np.tril has no dtype argument: make the ones boolean
# diagnosis: mask.dtype-to-tril
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P)), dtype=bool)
