# mistake: np.tril(np.ones((P, P))), a float mask of 1.0 and 0.0
# fails: causal_mask
# expect: the mask holds floats (1.0/0.0), not booleans: dtype=bool
# diagnosis: mask.not-bool


def causal_mask(P):
    return np.tril(np.ones((P, P)))
