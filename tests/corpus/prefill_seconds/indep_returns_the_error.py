# mistake: return ValueError(...) instead of raise
# fails: prefill_seconds
# expect: returns the exception instead of raising it
# diagnosis: seconds.returned-exception
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or utilization != utilization:
        return ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
