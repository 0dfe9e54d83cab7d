# mistake: raises a bare Exception for a bad utilization
# fails: prefill_seconds
# expect: raise ValueError, not Exception
# diagnosis: seconds.wrong-exception
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise Exception("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
