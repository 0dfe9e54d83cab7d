# mistake: counts itertools.combinations of the positions (distinct pairs only)
# fails: causal_pairs
# expect: combinations leave out each token with itself
# diagnosis: pairs.diagonal-missing
from itertools import combinations
def causal_pairs(P):
    return len(list(combinations(range(P), 2)))
