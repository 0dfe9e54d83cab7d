# right: float tril converted with astype(bool)
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P))).astype(bool)
