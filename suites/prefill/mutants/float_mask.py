# mistake: returned a float mask instead of bool
# fails: causal_mask
# diagnosis: mask.not-bool


def causal_mask(P):
    return np.tril(np.ones((P, P)))
