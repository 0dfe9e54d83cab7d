# mistake: converts the right mask to a list with .tolist()
# fails: causal_mask
# expect: a list, not a numpy array
# diagnosis: mask.nested-lists
import numpy as np
def causal_mask(P):
    return np.tri(P, dtype=bool).tolist()
