# mistake: a loop over the tokens that runs one token too far
# fails: causal_pairs
# diagnosis: pairs.off-by-one


def causal_pairs(P):
    total = 0
    for i in range(1, P + 2):
        total += i
    return total
