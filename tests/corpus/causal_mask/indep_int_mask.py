# mistake: a 0/1 integer mask instead of booleans
# fails: causal_mask
# expect: the lesson asks for a boolean array, not 0/1 integers
# diagnosis: mask.not-bool
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=int))
