# right: np.tril of a 1-D vector of ones (numpy broadcasts it to (P, P))
import numpy as np
def causal_mask(P):
    return np.tril(np.ones(P, dtype=bool))
