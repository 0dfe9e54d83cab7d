# mistake: allows utilization 0 (0 <= u <= 1), dividing by zero
# fails: prefill_seconds
# expect: 0 is outside (0, 1]: the interval is open at 0
# diagnosis: seconds.accepts-out-of-range
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 <= utilization <= 1):
        raise ValueError("utilization must be between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
