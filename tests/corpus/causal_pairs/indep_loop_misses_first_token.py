# mistake: loop from 1: for i in range(1, P): count += i + 1, the first token's pair is lost
# fails: causal_pairs
# expect: one pair short: the first token's pair with itself is not counted
# diagnosis: pairs.off-by-one
def causal_pairs(P):
    count = 0
    for i in range(1, P):
        count += i + 1
    return count
