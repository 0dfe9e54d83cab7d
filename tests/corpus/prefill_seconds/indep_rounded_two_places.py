# mistake: rounds the time to 2 decimals (0.28 is right, other sizes are not)
# fails: prefill_seconds
# expect: rounding loses the time for other sizes
# diagnosis: seconds.rounded
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return round(prefill_flops(N, P) / (flops_per_sec * utilization), 2)
