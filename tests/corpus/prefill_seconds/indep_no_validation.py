# mistake: no check of the utilization at all
# fails: prefill_seconds
# expect: a utilization outside (0, 1] must raise ValueError
# diagnosis: seconds.accepts-out-of-range
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / (flops_per_sec * utilization)
