# mistake: refuses a prompt longer than a 2048-token context, which the lesson never limits
# fails: causal_mask


def causal_mask(P):
    if P > 2048:
        raise ValueError("a prompt longer than the 2048-token context")
    return np.tril(np.ones((P, P), dtype=bool))
