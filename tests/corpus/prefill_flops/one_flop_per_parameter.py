# mistake: counts one FLOP per parameter per token (N · P), forgetting that a multiply-add is two
# fails: prefill_flops, prefill_seconds
# expect: the factor 2 is missing: each parameter costs a multiply and an add per token
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def prefill_flops(N, P):
    """Every token goes through every parameter once, so N*P operations."""
    return N * P
