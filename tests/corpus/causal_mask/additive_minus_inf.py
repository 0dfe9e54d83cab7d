# mistake: returns the additive mask added to attention scores: 0 where allowed, -inf where masked
# fails: causal_mask
# expect: an additive mask (0 and -inf, added to the scores) instead of the boolean mask: True where a token may attend
# diagnosis: mask.additive


def causal_mask(P):
    mask = np.zeros((P, P))
    mask[np.triu_indices(P, k=1)] = -np.inf
    return mask
