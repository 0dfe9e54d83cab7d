# mistake: writes the FLOPs inline as N * P instead of calling prefill_flops, losing the factor 2
# fails: prefill_seconds
# expect: the FLOPs inside prefill_seconds miss the factor 2 (0.14 s): use prefill_flops(N, P)
# diagnosis: seconds.flops-without-factor-2


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return (N * P) / (flops_per_sec * utilization)
