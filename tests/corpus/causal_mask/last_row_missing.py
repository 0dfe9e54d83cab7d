# mistake: the loop over rows stops at P - 1, so the last token's row stays all False
# fails: causal_mask
# expect: the loop stops one row early: range(P - 1) leaves the last token's row empty
# diagnosis: mask.off-by-one


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P - 1):
        mask[i, : i + 1] = True
    return mask
