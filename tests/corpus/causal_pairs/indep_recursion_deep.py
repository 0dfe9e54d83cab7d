# mistake: recursion P + causal_pairs(P - 1), which overflows the stack for the lesson's 1000-token prompt
# fails: causal_pairs
# expect: RecursionError for a long prompt: the recursion is as deep as the prompt is long
# diagnosis: pairs.recursion-too-deep
def causal_pairs(P):
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)
