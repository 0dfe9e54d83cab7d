# mistake: divides the worked example's 1.4e13 FLOPs, whatever N and P are
# fails: prefill_seconds
# expect: N and P are ignored: the worked example's 1.4e13 FLOPs is written in
# diagnosis: seconds.hardcoded-flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    flops = 1.4e13
    return flops / (flops_per_sec * utilization)
