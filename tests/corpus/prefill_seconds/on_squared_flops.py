# mistake: prefill_flops is 2 · N · P²; prefill_seconds calls it and divides by the effective rate
# fails: prefill_flops, prefill_seconds
# expect: prefill_seconds is right for the student's prefill_flops, which grows with P²: fix prefill_flops and it gives 0.28 s
# diagnosis: flops.squared, seconds.flops-carried-forward


def prefill_flops(N, P):
    return 2 * N * P * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or utilization <= 0 or utilization != utilization:
        raise ValueError("utilization out of range")
    flops = prefill_flops(N, P)
    seconds = flops / (flops_per_sec * utilization)
    return seconds
