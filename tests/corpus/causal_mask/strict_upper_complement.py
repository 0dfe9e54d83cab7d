# mistake: np.triu(..., k=1), the cells a token may NOT attend to (the masked-out future), as masked_fill wants them
# fails: causal_mask
# expect: the complement: True marks the positions to hide (the strict upper triangle, as in masked_fill); the lesson's mask is True where attention is allowed
# diagnosis: mask.inverted


def causal_mask(P):
    # mask out future tokens
    return np.triu(np.ones((P, P), dtype=bool), k=1)
