# mistake: np.tril(k=1): one diagonal too many (each token sees the next)
# fails: causal_mask
# expect: k=1 lets each token see the next one
# diagnosis: mask.off-by-one
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=1)
