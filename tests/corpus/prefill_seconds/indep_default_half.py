# mistake: the default utilization is 0.5 (the lesson's example) instead of 1.0
# fails: prefill_seconds
# expect: the default must be 1.0
# diagnosis: seconds.default-utilization
def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
