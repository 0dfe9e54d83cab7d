# mistake: multiplies the two sizes with np.prod and stops there (N · P)
# fails: prefill_flops, prefill_seconds
# expect: the factor 2 is missing: each parameter costs a multiply and an add per token
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def prefill_flops(N, P):
    return float(np.prod([N, P]))
