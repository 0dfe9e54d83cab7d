# mistake: a loop that stops one token early
# fails: causal_pairs
# diagnosis: pairs.off-by-one


def causal_pairs(P):
    total = 0
    for i in range(1, P):
        total += i
    return total + 1
