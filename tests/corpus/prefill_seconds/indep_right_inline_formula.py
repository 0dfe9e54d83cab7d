# right: computes 2·N·P inline instead of calling prefill_flops, with type hints
def prefill_seconds(N: float, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Seconds of prefill at the given effective rate."""
    if not (0.0 < utilization <= 1.0):
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    return 2 * N * P / (flops_per_sec * utilization)
