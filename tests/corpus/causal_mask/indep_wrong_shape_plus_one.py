# mistake: a (P+1, P+1) mask (counts a start token)
# fails: causal_mask
# expect: the shape must be (P, P)
# diagnosis: mask.wrong-shape
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P + 1, P + 1), dtype=bool))
