# mistake: copies the lesson's 0.5 into the default, so without the argument the GPU runs at half its peak
# fails: prefill_seconds
# expect: the default utilization is 1.0 (the GPU's peak), not the worked example's 0.5
# diagnosis: seconds.default-utilization


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
