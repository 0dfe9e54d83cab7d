# mistake: a lookup of the lesson's two examples
# fails: causal_pairs
# no-diagnosis: gaming: right only on the lesson's inputs
def causal_pairs(P):
    known = {4: 10, 5: 15}
    return known.get(P, 0)
