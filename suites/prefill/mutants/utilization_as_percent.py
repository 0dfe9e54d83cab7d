# mistake: read the utilization as a percentage (50 for half the peak)
# fails: prefill_seconds
# diagnosis: seconds.utilization-as-percent


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """prefill_flops / (flops_per_sec · utilization); utilization must be in (0, 1]."""
    if not (0 < utilization <= 100):
        raise ValueError(f"utilization must be in (0, 100], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization / 100)
