# mistake: nested loops that count j < i, the strictly earlier tokens only
# fails: causal_pairs
# expect: the diagonal is missing: each token also attends to itself (j <= i)
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    count = 0
    for i in range(P):
        for j in range(P):
            if j < i:
                count += 1
    return count
