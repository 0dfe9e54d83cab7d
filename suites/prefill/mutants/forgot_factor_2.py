# mistake: forgot the factor 2 for the multiply-add
# fails: prefill_flops
# diagnosis: flops.missing-factor-2


def prefill_flops(N, P):
    return N * P
