# right: type hints, a docstring and functools.lru_cache
import functools


@functools.lru_cache(maxsize=128)
def prefill_flops(N: float, P: int) -> float:
    """Prefill FLOPs: one multiply and one add per parameter per prompt token."""
    FLOPS_PER_PARAM_PER_TOKEN = 2
    return FLOPS_PER_PARAM_PER_TOKEN * N * P
