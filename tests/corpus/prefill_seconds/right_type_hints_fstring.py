# right: type hints, a docstring and a chained comparison that NaN fails


def prefill_seconds(N: float, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Seconds of prefill: prefill_flops / (flops_per_sec * utilization)."""
    if not (0 < utilization <= 1):
        raise ValueError(f"utilization={utilization!r} is not in (0, 1]")
    flops = prefill_flops(N, P)
    return flops / flops_per_sec / utilization
