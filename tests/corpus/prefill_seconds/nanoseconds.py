# mistake: converts the time to nanoseconds ("GPU timings are in ns"), 2.8e8 for the lesson
# fails: prefill_seconds
# expect: a scale slip: the time is in nanoseconds (10⁹ times too big); the function returns seconds
# diagnosis: seconds.nanoseconds


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    t = prefill_flops(N, P) / (flops_per_sec * utilization)
    return t * 1e9
