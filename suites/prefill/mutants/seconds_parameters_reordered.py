# mistake: prefill_seconds' rate and utilization written in the other order, (N, P, utilization, flops_per_sec): the lesson's calls put the rate in utilization, and a call without utilization fails
# fails: prefill_seconds
# diagnosis: import.parameters-reordered
# hint: in the order of the lesson's


def prefill_seconds(N, P, utilization, flops_per_sec):
    """prefill_flops / (flops_per_sec · utilization); utilization must be in (0, 1]."""
    if not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
