# right: np.tri with dtype=bool
import numpy as np
def causal_mask(P):
    return np.tri(P, dtype=bool)
