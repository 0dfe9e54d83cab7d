# mistake: prefill_flops adds N and P; prefill_seconds is the lesson's division on top of it
# fails: prefill_flops, prefill_seconds
# expect: prefill_seconds is right for the student's prefill_flops (N + P, not a product): fix prefill_flops and it gives 0.28 s
# diagnosis: flops.sum-not-product, seconds.flops-carried-forward


def prefill_flops(N, P):
    return N + P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError
    return prefill_flops(N, P) / (flops_per_sec * utilization)
