# slow: lists every allowed (row, column) pair, then searches that list for every cell, O(P⁴): far too slow for P = 1000
# right: True exactly where (i, j) is an allowed pair, j <= i
# diagnosis: mask.too-slow


def causal_mask(P):
    allowed = [(i, j) for i in range(P) for j in range(i + 1)]
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            mask[i, j] = (i, j) in allowed
    return mask
