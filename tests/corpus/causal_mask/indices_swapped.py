# mistake: nested loops that write mask[j, i] where mask[i, j] was meant
# fails: causal_mask
# expect: the mask is the upper triangle (transposed): the row index is the token that attends
# diagnosis: mask.transposed


def causal_mask(P):
    mask = np.full((P, P), False)
    for i in range(P):
        for j in range(i + 1):
            mask[j, i] = True
    return mask
