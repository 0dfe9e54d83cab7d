# mistake: np.tril(k=-1): a token may not look at itself
# fails: causal_mask
# expect: leaves out the diagonal
# diagnosis: mask.diagonal-missing
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=-1)
