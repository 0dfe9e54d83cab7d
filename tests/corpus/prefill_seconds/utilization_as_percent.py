# mistake: treats the utilization as a percentage and divides it by 100 (28 s for the lesson)
# fails: prefill_seconds
# expect: utilization is a fraction in (0, 1], not a percentage: the time is 100 times too long
# diagnosis: seconds.utilization-as-percent


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or utilization != utilization:  # NaN != NaN
        raise ValueError("utilization must be in (0, 1]")
    effective_rate = flops_per_sec * (utilization / 100)   # percent -> fraction
    return prefill_flops(N, P) / effective_rate
