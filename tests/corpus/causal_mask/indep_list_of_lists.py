# mistake: returns a nested Python list of booleans
# fails: causal_mask
# expect: a list, not a numpy array
# diagnosis: mask.nested-lists
def causal_mask(P):
    return [[j <= i for j in range(P)] for i in range(P)]
