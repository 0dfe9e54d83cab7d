# mistake: flops / flops_per_sec * utilization (precedence: multiplies by the utilization)
# fails: prefill_seconds
# expect: divides by the rate and multiplies by the utilization instead of dividing by both
# diagnosis: seconds.multiplied-by-utilization
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec * utilization
