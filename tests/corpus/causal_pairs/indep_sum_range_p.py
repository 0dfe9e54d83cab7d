# mistake: sum(range(P)) adds 0..P-1
# fails: causal_pairs
# expect: the range stops one short: 0..P-1 instead of 1..P (equivalently the diagonal left out)
# diagnosis: pairs.diagonal-missing
def causal_pairs(P):
    return sum(range(P))
