# mistake: a (P + 1, P + 1) mask, "one extra position for the BOS token"
# fails: causal_mask
# expect: the shape is (P + 1, P + 1): one row and one column per prompt token, (P, P)
# diagnosis: mask.wrong-shape


def causal_mask(P):
    n = P + 1  # + BOS
    return np.tril(np.ones((n, n), dtype=bool))
