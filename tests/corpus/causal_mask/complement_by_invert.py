# mistake: builds the lower triangle and then inverts it with ~, "the mask hides what is True"
# fails: causal_mask
# expect: the complement: True marks the positions to hide (the strict upper triangle); the lesson's mask is True where attention is allowed
# diagnosis: mask.inverted


def causal_mask(P):
    allowed = np.tril(np.ones((P, P), dtype=bool))
    mask = ~allowed  # True = masked
    return mask
