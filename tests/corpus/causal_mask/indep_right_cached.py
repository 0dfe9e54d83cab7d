# right: cached with lru_cache (returns the same array each time), np.bool dtype
from functools import lru_cache
import numpy as np

@lru_cache(maxsize=8)
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.bool))
