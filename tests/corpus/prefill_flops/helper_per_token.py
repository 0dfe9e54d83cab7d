# mistake: a helper for the per-token cost that returns N instead of 2 · N, so the total is N · P
# fails: prefill_flops, prefill_seconds
# expect: the factor 2 is missing: each parameter costs a multiply and an add per token
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def flops_per_token(num_params):
    # one multiply per weight
    return num_params


def prefill_flops(N, P):
    return flops_per_token(N) * P
