# mistake: 0 < u < 1: refuses the full utilization 1.0 (and so the default)
# fails: prefill_seconds
# expect: 1.0 is inside (0, 1]
# diagnosis: seconds.rejects-full-utilization
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization < 1:
        raise ValueError("utilization must be in (0, 1)")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
