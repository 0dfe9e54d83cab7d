# mistake: returns the positions that are masked out (True = blocked), as some libraries do
# fails: causal_mask
# expect: True must mean "may attend": this is the complement (the future positions)
# diagnosis: mask.inverted
import numpy as np
def causal_mask(P):
    # True where attention is blocked
    return np.triu(np.ones((P, P), dtype=bool), k=1)
