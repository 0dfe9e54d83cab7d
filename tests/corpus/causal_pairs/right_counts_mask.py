# right: counts the True cells of the (reference's) causal_mask, a float-free numpy int


def causal_pairs(P):
    return int(np.count_nonzero(causal_mask(P)))
