# mistake: a while loop that adds i for i = 0 … P - 1 (i < P), one token short
# fails: causal_pairs
# expect: the loop stops one token early (i < P from 0 sums to P - 1); its value is also the triangle without its diagonal
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    i = 0
    s = 0
    while i < P:
        s += i
        i += 1
    return s
