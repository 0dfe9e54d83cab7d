# right: counts the True entries of the student's own causal_mask
def causal_pairs(P):
    return int(causal_mask(P).sum())
