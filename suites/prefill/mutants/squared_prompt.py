# mistake: squared the prompt length
# fails: prefill_flops
# diagnosis: flops.squared


def prefill_flops(N, P):
    return 2 * N * P * P
