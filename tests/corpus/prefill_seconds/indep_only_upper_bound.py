# mistake: refuses only a utilization above 1 (0 divides by zero, negatives give negative times)
# fails: prefill_seconds
# expect: 0 and negative utilizations must raise ValueError too
# diagnosis: seconds.accepts-out-of-range
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        raise ValueError("utilization cannot exceed 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
