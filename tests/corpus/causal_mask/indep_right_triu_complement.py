# right: the complement of the strict upper triangle
import numpy as np
def causal_mask(P):
    future = np.triu(np.ones((P, P), dtype=bool), k=1)
    return ~future
