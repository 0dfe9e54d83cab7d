# mistake: transposes the tril "to get rows as queries"
# fails: causal_mask
# expect: transposed: the upper triangle
# diagnosis: mask.transposed
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool)).T
