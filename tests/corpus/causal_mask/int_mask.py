# mistake: an integer mask of 1 and 0
# fails: causal_mask
# expect: the mask holds integers (1/0), not booleans: dtype=bool
# diagnosis: mask.not-bool


def causal_mask(P):
    m = np.zeros((P, P), dtype=int)
    for i in range(P):
        m[i, : i + 1] = 1
    return m
