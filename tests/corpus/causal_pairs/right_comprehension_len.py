# right: the length of the list of allowed (i, j) pairs


def causal_pairs(P):
    return len([(i, j) for i in range(P) for j in range(P) if j <= i])
