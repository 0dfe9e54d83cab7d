# mistake: tested for bad values so that NaN slips through
# fails: prefill_seconds
# diagnosis: seconds.lets-nan-through


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
