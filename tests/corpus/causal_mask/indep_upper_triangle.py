# mistake: np.triu: the upper triangle (column >= row)
# fails: causal_mask
# expect: the mask is transposed: a token would look at later tokens
# diagnosis: mask.transposed
import numpy as np
def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))
