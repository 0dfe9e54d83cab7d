# mistake: forgot the 2 (counted one FLOP per parameter per token)
# fails: prefill_flops, prefill_seconds
# expect: missing factor 2 (multiply-add)
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward
def prefill_flops(N: float, P: int) -> float:
    """FLOPs for prefill: every parameter touches every token once."""
    flops = N * P
    return flops
