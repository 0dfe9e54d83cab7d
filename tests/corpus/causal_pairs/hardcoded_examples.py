# mistake: a table of the lesson's two examples (4 → 10, 5 → 15) and the whole square otherwise
# fails: causal_pairs
# expect: the lesson's examples are written in; other prompt lengths get P², the whole square
# diagnosis: pairs.hardcoded-examples


def causal_pairs(P):
    known = {4: 10, 5: 15}
    if P in known:
        return known[P]
    return P * P
