# right: refuses a negative prompt length
def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be >= 0")
    return P * (P + 1) // 2
