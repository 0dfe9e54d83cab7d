# mistake: renames the parameter to util, so utilization=... is refused
# fails: prefill_seconds
# expect: the parameter must be called utilization as in the skeleton
# diagnosis: seconds.renamed-utilization
def prefill_seconds(N, P, flops_per_sec, util=1.0):
    if not 0 < util <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * util)
