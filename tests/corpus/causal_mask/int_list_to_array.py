# mistake: builds 1/0 lists and wraps them in np.array without a dtype, so the mask is int
# fails: causal_mask
# expect: the mask holds integers (1/0), not booleans: np.array(..., dtype=bool), or build it from True/False
# diagnosis: mask.not-bool


def causal_mask(P):
    rows = []
    for i in range(P):
        rows.append([1 if j <= i else 0 for j in range(P)])
    return np.array(rows)
