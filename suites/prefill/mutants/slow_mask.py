# mistake: right, but each cell asks about every earlier column again: too slow for P = 1000
# fails: causal_mask
# diagnosis: mask.too-slow


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(P):
            mask[row, col] = any(earlier == col for earlier in range(row + 1))
    return mask
