# mistake: a recursive sum, right for small prompts, that exceeds Python's recursion limit for P = 1000
# fails: causal_pairs
# expect: recursion one call per token is too deep for the lesson's 1000-token prompt: use the closed form P(P+1)/2 (or a loop)
# diagnosis: pairs.recursion-too-deep


def causal_pairs(P):
    if P == 0:
        return 0
    return P + causal_pairs(P - 1)
