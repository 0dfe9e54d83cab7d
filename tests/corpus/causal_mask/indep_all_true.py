# mistake: all True (no masking at all)
# fails: causal_mask
# expect: every token may see every token: not causal
# diagnosis: mask.no-masking
import numpy as np
def causal_mask(P):
    return np.ones((P, P), dtype=bool)
