# mistake: never checked the utilization (0 divides by zero, 1.5 and NaN give a time)
# fails: prefill_seconds
# diagnosis: seconds.accepts-out-of-range


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / (flops_per_sec * utilization)
