# mistake: the range test lets 0 through (utilization < 0), so 0 divides by zero
# fails: prefill_seconds
# expect: 0 is outside (0, 1]: the test must reject it before dividing (it raises ZeroDivisionError instead)
# diagnosis: seconds.accepts-out-of-range


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 <= utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
