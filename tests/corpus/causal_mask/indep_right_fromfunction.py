# right: np.fromfunction with a lambda
import numpy as np
def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)
