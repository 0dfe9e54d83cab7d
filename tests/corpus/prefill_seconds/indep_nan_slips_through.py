# mistake: tests utilization <= 0 or > 1, which NaN passes
# fails: prefill_seconds
# expect: NaN is not refused (comparisons with NaN are False)
# diagnosis: seconds.lets-nan-through
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization {utilization} not in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
