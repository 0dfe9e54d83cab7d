# mistake: np.ones(P, P), the torch habit of passing the shape as separate arguments (numpy reads the second as a dtype)
# fails: causal_mask
# expect: np.ones takes the shape as one tuple, np.ones((P, P)); its second argument is the dtype
# diagnosis: mask.shape-as-two-numbers


def causal_mask(P):
    return np.tril(np.ones(P, P)).astype(bool)
