# mistake: caches each mask by P and returns the cached array itself, so a caller that changes its mask changes the next call's
# fails: causal_mask
# hint: hands out an array it keeps
from functools import lru_cache


@lru_cache(maxsize=None)
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))
