# mistake: prints the count, returns None
# fails: causal_pairs
# expect: prints instead of returning
# diagnosis: pairs.returned-none
def causal_pairs(P):
    print(P * (P + 1) // 2)
