# mistake: treats flops_per_sec as TFLOP/s and multiplies by 1e12
# fails: prefill_seconds
# expect: flops_per_sec is already in FLOP/s
# diagnosis: seconds.extra-trillion
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * 1e12 * utilization)
