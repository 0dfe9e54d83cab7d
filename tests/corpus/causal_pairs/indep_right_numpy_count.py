# right: counts the True cells of a tril of ones (numpy integer)
import numpy as np
def causal_pairs(P):
    return np.count_nonzero(np.tril(np.ones((P, P), dtype=bool)))
