# mistake: builds the right numpy mask and returns it .tolist() "to print it nicely"
# fails: causal_mask
# expect: nested lists, not a numpy array: return the array itself
# diagnosis: mask.nested-lists


def causal_mask(P):
    mask = np.tril(np.ones((P, P), dtype=bool))
    return mask.tolist()
