# mistake: nested loops with no condition, so every (i, j) is counted
# fails: causal_pairs
# expect: the whole square is counted: only pairs with j <= i are allowed
# diagnosis: pairs.all-pairs


def causal_pairs(P):
    n = 0
    for i in range(P):
        for j in range(P):
            n = n + 1
    return n
