# mistake: np.tril(..., k=-1), the strictly earlier tokens, without the diagonal
# fails: causal_mask
# expect: the diagonal is missing: each token also attends to itself
# diagnosis: mask.diagonal-missing


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=-1)
