# mistake: P²/2 (half the square, leaving half the diagonal out)
# fails: causal_pairs
# expect: half of P² misses half the diagonal: P(P+1)/2
# diagnosis: pairs.half-grid
def causal_pairs(P):
    return P * P / 2
