# mistake: slices the mask from one built for a 1024-token context, so longer prompts get a (1024, 1024) mask
# fails: causal_mask
# diagnosis: mask.wrong-shape


def causal_mask(P):
    full = np.tril(np.ones((1024, 1024), dtype=bool))  # "no prompt is longer than the context"
    return full[:P, :P].copy()
