# mistake: lists the pairs with a comprehension over j in range(i), leaving out j == i
# fails: causal_pairs
# expect: the diagonal is missing: range(i) stops before i, and each token attends to itself
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    pairs = [(i, j) for i in range(P) for j in range(i)]
    return len(pairs)
