# mistake: an all-True mask, every token sees every token (bidirectional, as in BERT)
# fails: causal_mask
# expect: no masking: every token sees the later tokens too; causal attention keeps only the lower triangle
# diagnosis: mask.no-masking


def causal_mask(P):
    return np.ones((P, P), dtype=bool)
