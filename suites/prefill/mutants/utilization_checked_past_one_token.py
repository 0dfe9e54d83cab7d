# mistake: checks the utilization only for prompts of more than one token: prefill_seconds(N, 1, rate, 0) divides by zero instead of raising ValueError
# fails: prefill_seconds


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """prefill_flops / (flops_per_sec · utilization); utilization must be in (0, 1]."""
    if P > 1 and not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
