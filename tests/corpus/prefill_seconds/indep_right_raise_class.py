# right: raises the ValueError class itself and validates the rate too
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if flops_per_sec <= 0:
        raise ValueError
    if not 0 < utilization <= 1:
        raise ValueError
    effective_rate = flops_per_sec * utilization
    return prefill_flops(N, P) / effective_rate
