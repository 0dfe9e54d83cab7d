# mistake: prints the mask to look at it and returns nothing
# fails: causal_mask
# expect: the function returns None: print shows the mask, only return hands it back
# diagnosis: mask.returned-none


def causal_mask(P):
    mask = np.tril(np.ones((P, P), dtype=bool))
    print(mask)
