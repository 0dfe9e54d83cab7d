# mistake: demands a float, so utilization=1 (an int, the GPU at its peak) raises ValueError
# fails: prefill_seconds
# expect: 1 is inside (0, 1] whatever its type: an int utilization is a number like any other
# diagnosis: seconds.rejects-int


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be a float in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
