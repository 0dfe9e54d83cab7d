# slow: lists the allowed pairs, then checks every cell of the square against that list, O(P⁴): far too slow for the 1000-token prompt
# right: counts exactly the cells (i, j) that are allowed pairs, j <= i
# diagnosis: pairs.too-slow


def causal_pairs(P):
    allowed = [(i, j) for i in range(P) for j in range(P) if j <= i]
    count = 0
    for i in range(P):
        for j in range(P):
            if (i, j) in allowed:
                count += 1
    return count
