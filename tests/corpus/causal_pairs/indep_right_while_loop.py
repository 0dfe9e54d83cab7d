# right: while loop adding 1..P, with a docstring example
def causal_pairs(P):
    """Pairs (i, j) with j <= i.

    >>> causal_pairs(4)
    10
    """
    i, total = 0, 0
    while i < P:
        i += 1
        total += i
    return total
