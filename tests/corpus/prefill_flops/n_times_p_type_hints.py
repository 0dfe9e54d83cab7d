# mistake: N · P with type hints and a named intermediate; the multiply-add counted as one operation
# fails: prefill_flops, prefill_seconds
# expect: the factor 2 is missing: each parameter costs a multiply and an add per token
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def prefill_flops(N: float, P: int) -> float:
    # each token touches all N weights
    flops_per_token: float = N
    total_flops: float = flops_per_token * P
    return total_flops
