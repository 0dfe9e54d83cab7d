# mistake: (P+1)(P+2)/2: counts positions 0..P (one token too many)
# fails: causal_pairs
# expect: one token too many: the sum runs to P+1
# diagnosis: pairs.off-by-one
def causal_pairs(P):
    return (P + 1) * (P + 2) // 2
