# mistake: computes the time first and checks the utilization afterwards, so 0 divides by zero before the check
# fails: prefill_seconds
# expect: check the utilization before any arithmetic: 0 raises ZeroDivisionError instead of ValueError
# diagnosis: seconds.accepts-out-of-range


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    t = prefill_flops(N, P) / (flops_per_sec * utilization)
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return t
