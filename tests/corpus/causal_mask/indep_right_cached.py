# mistake: cached with lru_cache, returning the same array each time (np.bool dtype): a caller that changes its mask changes every later one (written as right by its writer; three held-out writers in five rounds labelled it wrong, and the exercise now asks for a new array each call)
# fails: causal_mask
# no-diagnosis: the failure states what was changed and that the same call handed it out again; no catalogue code
from functools import lru_cache
import numpy as np

@lru_cache(maxsize=8)
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.bool))
