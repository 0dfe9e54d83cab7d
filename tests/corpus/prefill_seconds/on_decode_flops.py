# mistake: prefill_flops is the per-token 2 · N; prefill_seconds divides it by the effective rate (0.00028 s)
# fails: prefill_flops, prefill_seconds
# expect: prefill_seconds is right for the student's prefill_flops (2 · N, one token): fix prefill_flops and it gives 0.28 s
# diagnosis: flops.one-token, seconds.flops-carried-forward


def prefill_flops(N, P):
    return 2 * N


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec / utilization
