# mistake: np.eye(P, dtype=bool): "each token attends to itself", and nothing else
# fails: causal_mask
# expect: only the diagonal: each token also attends to every earlier token (the whole lower triangle)
# diagnosis: mask.diagonal-only


def causal_mask(P):
    return np.eye(P, dtype=bool)
