# right: sums the upper triangle including the diagonal (same count), numpy float
import numpy as np
def causal_pairs(P):
    return np.triu(np.ones((P, P))).sum()
