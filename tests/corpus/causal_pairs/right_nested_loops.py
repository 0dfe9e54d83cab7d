# right: nested loops over the pairs with j <= i, O(P²), fast enough for P = 1000


def causal_pairs(P):
    count = 0
    for i in range(P):
        for j in range(i + 1):
            count += 1
    return count
