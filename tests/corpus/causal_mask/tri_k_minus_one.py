# mistake: np.tri(P, k=-1, dtype=bool), "strictly causal", without the diagonal
# fails: causal_mask
# expect: the diagonal is missing: k=-1 starts below it; each token attends to itself
# diagnosis: mask.diagonal-missing


def causal_mask(P):
    return np.tri(P, k=-1, dtype=bool)
