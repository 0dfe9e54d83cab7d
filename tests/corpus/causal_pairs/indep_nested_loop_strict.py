# mistake: nested loop with j < i
# fails: causal_pairs
# expect: j < i leaves out the token itself (the diagonal)
# diagnosis: pairs.diagonal-missing
def causal_pairs(P):
    count = 0
    for i in range(P):
        for j in range(P):
            if j < i:
                count += 1
    return count
