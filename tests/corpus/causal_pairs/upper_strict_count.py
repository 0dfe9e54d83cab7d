# mistake: counts the True entries of np.triu(ones, k=1), the strict upper triangle
# fails: causal_pairs
# expect: the strict upper triangle has no diagonal: the lesson's pairs are the lower triangle with its diagonal
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    upper = np.triu(np.ones((P, P)), k=1)
    return int(upper.sum())
