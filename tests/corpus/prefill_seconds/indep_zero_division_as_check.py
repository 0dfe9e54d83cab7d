# mistake: relies on ZeroDivisionError to catch a bad utilization
# fails: prefill_seconds
# expect: negative, above-one and NaN utilizations must raise ValueError too
# diagnosis: seconds.accepts-out-of-range
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    try:
        return prefill_flops(N, P) / (flops_per_sec * utilization)
    except ZeroDivisionError:
        raise ValueError("utilization must be positive")
