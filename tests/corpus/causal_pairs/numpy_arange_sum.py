# mistake: np.arange(P).sum(), the sum 0 + 1 + … + (P-1)
# fails: causal_pairs
# expect: np.arange(P) runs from 0 to P - 1: token i (counting from 1) attends to i tokens, so the sum is 1 + … + P (its value is also the triangle without its diagonal)
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    return np.arange(P).sum()
