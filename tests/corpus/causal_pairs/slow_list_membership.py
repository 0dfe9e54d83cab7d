# slow: tests every (i, j) for membership in a freshly built list, O(P³): too slow for the 1000-token prompt
# right: counts exactly the pairs with j among 0…i
# diagnosis: pairs.too-slow


def causal_pairs(P):
    count = 0
    for i in range(P):
        for j in range(P):
            if j in list(range(i + 1)):
                count += 1
    return count
