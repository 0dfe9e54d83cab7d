# mistake: casts the time to int, so every prefill under a second takes 0 s
# fails: prefill_seconds
# expect: int() cuts off the fraction: 0.28 s becomes 0; return the float
# diagnosis: seconds.rounded


def prefill_seconds(N: int, P: int, flops_per_sec: float, utilization: float = 1.0) -> int:
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return int(prefill_flops(N, P) / (flops_per_sec * utilization))
