# mistake: a prefill_flops without the factor 2 and a prefill_seconds right for it
# fails: prefill_flops, prefill_seconds
# expect: prefill_flops drops the factor 2; prefill_seconds is right for it (error carried forward)
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward
def prefill_flops(N, P):
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
