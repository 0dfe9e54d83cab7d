# mistake: clamps the utilization into (0, 1] instead of refusing it
# fails: prefill_seconds
# expect: a bad utilization must raise ValueError, not be clamped
# diagnosis: seconds.replaces-bad-value
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = min(max(utilization, 1e-9), 1.0)
    return prefill_flops(N, P) / (flops_per_sec * utilization)
