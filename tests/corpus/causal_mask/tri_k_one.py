# mistake: np.tri(P, k=1, dtype=bool), one diagonal too many (each token also sees the next one)
# fails: causal_mask
# expect: the mask is one diagonal too wide: k=1 lets each token see the next token; k=0 is the diagonal
# diagnosis: mask.off-by-one


def causal_mask(P):
    return np.tri(P, k=1, dtype=bool)
