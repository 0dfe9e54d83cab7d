# mistake: divides the time by 1e9 "to get seconds from nanoseconds"
# fails: prefill_seconds
# expect: a scale slip: FLOPs divided by FLOP/s is already seconds; the extra 1e9 makes it 10⁹ times too small
# diagnosis: seconds.extra-billion


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    ns = prefill_flops(N, P) / (flops_per_sec * utilization)
    return ns / 1e9
