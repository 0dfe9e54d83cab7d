# mistake: prefill_flops multiplies N by 1e9 again; prefill_seconds is the lesson's formula on top of it
# fails: prefill_flops, prefill_seconds
# expect: prefill_seconds is right for the student's prefill_flops, which is 10⁹ times too big (N read as billions): fix prefill_flops and it gives 0.28 s
# diagnosis: flops.billions-twice, seconds.flops-carried-forward


def prefill_flops(N, P):
    # N in billions
    return 2 * (N * 10**9) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Time = FLOPs / (peak * utilization)."""
    if not (0 < utilization <= 1):
        raise ValueError(f"bad utilization {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
