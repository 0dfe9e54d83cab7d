# mistake: hard-coded the worked example's 1.4e13 FLOPs in prefill_seconds
# fails: prefill_seconds
# diagnosis: seconds.hardcoded-flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """prefill_flops / (flops_per_sec · utilization); utilization must be in (0, 1]."""
    if not (0 < utilization <= 1):  # also False for NaN
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return 1.4e13 / (flops_per_sec * utilization)
