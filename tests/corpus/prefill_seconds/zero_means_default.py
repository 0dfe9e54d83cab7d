# mistake: `utilization = utilization or 1.0` to guard the default, which turns 0 into 1.0 instead of an error
# fails: prefill_seconds
# expect: 0 is outside (0, 1] and must raise ValueError; `or 1.0` silently replaces it by the peak
# diagnosis: seconds.replaces-bad-value


def prefill_seconds(N, P, flops_per_sec, utilization=None):
    utilization = utilization or 1.0
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
