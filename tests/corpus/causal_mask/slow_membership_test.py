# slow: builds a list of the allowed columns for every cell and searches it, O(P³): too slow for P = 1000
# right: True exactly where column j is among the tokens 0…i
# diagnosis: mask.too-slow


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            mask[i, j] = j in list(range(i + 1))
    return mask
