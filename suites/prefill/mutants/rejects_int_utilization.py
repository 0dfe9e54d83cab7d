# mistake: demands a float utilization, so utilization=1 (an int) raises ValueError
# fails: prefill_seconds
# diagnosis: seconds.rejects-int


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not (0 < utilization <= 1):
        raise ValueError("utilization must be a float in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
