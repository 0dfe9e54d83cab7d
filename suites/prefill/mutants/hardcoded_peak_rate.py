# mistake: wrote the lesson's 10^14 FLOP/s peak into prefill_seconds instead of using flops_per_sec
# fails: prefill_seconds
# diagnosis: seconds.hardcoded-peak


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (1e14 * utilization)
