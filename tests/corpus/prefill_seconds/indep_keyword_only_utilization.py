# mistake: makes utilization keyword-only, so the lesson's positional call prefill_seconds(7e9, 1000, 1e14, 0.5) fails
# fails: prefill_seconds
# expect: the skeleton's signature takes utilization as the fourth positional argument
# diagnosis: seconds.keyword-only-utilization
def prefill_seconds(N, P, flops_per_sec, *, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
