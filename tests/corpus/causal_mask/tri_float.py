# mistake: np.tri(P) with its default dtype, float
# fails: causal_mask
# expect: the mask holds floats (1.0/0.0), not booleans: np.tri's default dtype is float; pass dtype=bool
# diagnosis: mask.not-bool


def causal_mask(P):
    return np.tri(P)
