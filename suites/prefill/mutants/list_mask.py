# mistake: returned nested lists instead of a numpy array
# fails: causal_mask
# diagnosis: mask.nested-lists


def causal_mask(P):
    return [[col <= row for col in range(P)] for row in range(P)]
