# mistake: fills each row with mask[i, :i + 2], one column too far
# fails: causal_mask
# expect: each row is one token too long: :i + 1 already includes token i itself
# diagnosis: mask.off-by-one


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 2] = True
    return mask
