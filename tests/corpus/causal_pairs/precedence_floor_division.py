# mistake: writes P * (P + 1 // 2): 1 // 2 is 0, so the result is P²
# fails: causal_pairs
# expect: operator precedence: 1 // 2 is evaluated first and is 0, so this is P · P; the halving must apply to the product, (P * (P + 1)) // 2
# diagnosis: pairs.all-pairs


def causal_pairs(P):
    return P * (P + 1 // 2)
