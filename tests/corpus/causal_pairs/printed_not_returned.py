# mistake: prints the count and returns nothing
# fails: causal_pairs
# expect: the function returns None: print shows the value, only return hands it back
# diagnosis: pairs.returned-none


def causal_pairs(P):
    n = P * (P + 1) // 2
    print("causal pairs:", n)
