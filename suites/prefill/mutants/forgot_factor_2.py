# mistake: forgot the factor 2 for the multiply-add
# fails: prefill_flops, prefill_seconds
# (prefill_seconds, the reference's, is right for this prefill_flops but not the lesson's 0.28 s: partial credit)
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def prefill_flops(N, P):
    return N * P
