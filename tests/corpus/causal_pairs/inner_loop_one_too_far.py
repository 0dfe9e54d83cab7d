# mistake: the inner loop runs to i + 1 inclusive (range(i + 2)), one pair too many per token
# fails: causal_pairs
# expect: the inner loop goes one step too far: range(i + 1) already includes token i itself
# diagnosis: pairs.off-by-one


def causal_pairs(P):
    pairs = 0
    for i in range(P):
        for j in range(i + 2):
            pairs += 1
    return pairs
