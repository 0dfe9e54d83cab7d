# right: the closed form behind functools.lru_cache, with type hints
from functools import lru_cache


@lru_cache(maxsize=None)
def causal_pairs(P: int) -> int:
    """(token, earlier-or-same token) pairs: 1 + 2 + ... + P."""
    return P * (P + 1) // 2
