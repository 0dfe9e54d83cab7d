# mistake: loops that set mask[i, j] = True for j < i only
# fails: causal_mask
# expect: the diagonal is missing: each token attends to itself (j <= i)
# diagnosis: mask.diagonal-missing


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            if j < i:
                mask[i, j] = True
    return mask
