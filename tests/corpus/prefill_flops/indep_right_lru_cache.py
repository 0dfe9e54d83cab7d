# right: cached with functools.lru_cache
from functools import lru_cache

@lru_cache(maxsize=None)
def prefill_flops(N, P):
    return 2 * N * P
