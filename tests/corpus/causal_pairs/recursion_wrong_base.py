# mistake: recursion whose base case gives 0 for one token, so every count is one short
# fails: causal_pairs
# expect: the base case is off by one: a single token makes 1 pair (itself), not 0
# diagnosis: pairs.off-by-one


def causal_pairs(P: int) -> int:
    """1 + 2 + ... + P, recursively."""
    if P <= 1:
        return 0
    return P + causal_pairs(P - 1)
