# right: renames the positional parameter flops_per_sec to peak (only utilization is passed by keyword)
def prefill_seconds(N, P, peak, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (peak * utilization)
