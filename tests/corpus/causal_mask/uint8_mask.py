# mistake: converts the mask to uint8 "to save memory"
# fails: causal_mask
# expect: the mask holds integers (uint8), not booleans: dtype=bool (which is one byte per cell too)
# diagnosis: mask.not-bool


def causal_mask(P):
    return np.tril(np.ones((P, P))).astype(np.uint8)
