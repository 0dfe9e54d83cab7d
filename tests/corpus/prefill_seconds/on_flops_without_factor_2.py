# mistake: prefill_flops returns N · P; prefill_seconds divides it correctly by the effective rate (0.14 s for the lesson)
# fails: prefill_flops, prefill_seconds
# expect: prefill_seconds is right for the student's prefill_flops, which misses the factor 2: fix prefill_flops and it gives 0.28 s
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def prefill_flops(N, P):
    return N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective
