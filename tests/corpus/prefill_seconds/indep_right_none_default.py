# right: utilization=None as the default, meaning 1.0
def prefill_seconds(N, P, flops_per_sec, utilization=None):
    if utilization is None:
        utilization = 1.0
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
