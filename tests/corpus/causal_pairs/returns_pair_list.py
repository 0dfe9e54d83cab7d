# mistake: returns the list of pairs instead of their number
# fails: causal_pairs
# expect: the function returns the pairs themselves (a list), not how many there are
# diagnosis: pairs.returned-list


def causal_pairs(P):
    return [(i, j) for i in range(P) for j in range(i + 1)]
