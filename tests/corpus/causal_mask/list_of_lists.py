# mistake: a list of lists of booleans from a comprehension, never made an array
# fails: causal_mask
# expect: nested lists, not a numpy array: np.array(..., dtype=bool)
# diagnosis: mask.nested-lists


def causal_mask(P):
    return [[j <= i for j in range(P)] for i in range(P)]
