# mistake: counts the upper triangle above the diagonal (np.triu(k=1)) thinking it is the allowed part
# fails: causal_pairs
# expect: the diagonal is left out (upper or lower strict triangle: same count)
# diagnosis: pairs.diagonal-missing
import numpy as np
def causal_pairs(P):
    return int(np.triu(np.ones((P, P), dtype=bool), k=1).sum())
