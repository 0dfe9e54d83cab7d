# mistake: accepts a percentage: divides a utilization above 1 by 100 instead of refusing it
# fails: prefill_seconds
# expect: above 1 must raise ValueError
# diagnosis: seconds.accepts-out-of-range
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        utilization = utilization / 100  # given in percent
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
