# mistake: returns the count as a sentence ('10 pairs')
# fails: causal_pairs
# expect: the function returns text, not a number
# diagnosis: pairs.returned-string


def causal_pairs(P):
    return f"{P * (P + 1) // 2} pairs"
