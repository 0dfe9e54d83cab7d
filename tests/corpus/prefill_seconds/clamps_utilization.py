# mistake: clamps a bad utilization into range instead of raising
# fails: prefill_seconds
# expect: a utilization outside (0, 1] (NaN too) must raise ValueError, not be clamped into range
# diagnosis: seconds.replaces-bad-value


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = min(max(utilization, 0.01), 1.0)   # keep it sane
    return prefill_flops(N, P) / (flops_per_sec * utilization)
