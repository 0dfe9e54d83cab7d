# mistake: only checks the upper bound: 0, negatives and NaN go through
# fails: prefill_seconds
# expect: the lower bound is missing: 0, negative utilizations and NaN must raise ValueError too
# diagnosis: seconds.accepts-out-of-range


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        raise ValueError("utilization can't be more than 100%")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
