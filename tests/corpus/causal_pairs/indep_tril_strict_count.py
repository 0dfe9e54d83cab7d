# mistake: counts the strictly lower triangle with np.tril(..., -1)
# fails: causal_pairs
# expect: k=-1 leaves out the diagonal
# diagnosis: pairs.diagonal-missing
import numpy as np
def causal_pairs(P):
    return int(np.tril(np.ones((P, P)), -1).sum())
