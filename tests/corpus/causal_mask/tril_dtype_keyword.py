# mistake: passes dtype=bool to np.tril, which takes no dtype
# fails: causal_mask
# expect: np.tril has no dtype argument: give the dtype to np.ones
# diagnosis: mask.dtype-to-tril


def causal_mask(P):
    return np.tril(np.ones((P, P)), dtype=bool)
