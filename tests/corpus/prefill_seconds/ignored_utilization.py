# mistake: validates the utilization and then never uses it (0.14 s for the lesson)
# fails: prefill_seconds
# expect: the utilization is ignored: the time is the time at the GPU's peak
# diagnosis: seconds.ignored-utilization


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    flops = prefill_flops(N, P)
    return flops / flops_per_sec
