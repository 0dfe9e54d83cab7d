# right: compares a tril of ones with 1
import numpy as np
def causal_mask(P):
    return np.tril(np.ones((P, P))) == 1
