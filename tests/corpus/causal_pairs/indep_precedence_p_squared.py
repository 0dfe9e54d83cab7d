# mistake: P * P + 1 // 2: the /2 binds to the 1 only, giving P²
# fails: causal_pairs
# expect: operator precedence: the sum of 1..P is P(P+1)/2
# diagnosis: pairs.all-pairs
def causal_pairs(P):
    return P * P + 1 // 2
