# mistake: multiplies by the utilization ("use 50% of the time") instead of dividing (0.07 s)
# fails: prefill_seconds
# expect: the utilization multiplies the time instead of dividing it: a less used GPU takes longer
# diagnosis: seconds.multiplied-by-utilization


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    time_at_peak = prefill_flops(N, P) / flops_per_sec
    return time_at_peak * utilization
