# mistake: squared the prompt length
# fails: prefill_flops, prefill_seconds
# (prefill_seconds, the reference's, is right for this prefill_flops but not the lesson's 0.28 s: partial credit)
# diagnosis: flops.squared, seconds.flops-carried-forward


def prefill_flops(N, P):
    return 2 * N * P * P
