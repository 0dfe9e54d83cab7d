# mistake: counts the pairs in numpy int32, so P(P + 1) wraps round past 46,340 tokens
# fails: causal_pairs
# hint: wrapped round in a 32-bit integer


def causal_pairs(P):
    P = np.int32(P)  # "a token count fits in 32 bits"
    return int(P * (P + 1) // 2)
