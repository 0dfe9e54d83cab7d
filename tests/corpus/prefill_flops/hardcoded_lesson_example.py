# mistake: returns the lesson's 1.4e13 for the worked example and N · P otherwise
# fails: prefill_flops, prefill_seconds
# expect: the worked example is written in, and the general formula misses the factor 2
# diagnosis: flops.missing-factor-2, seconds.flops-carried-forward


def prefill_flops(N, P):
    if N == 7e9 and P == 1000:
        return 1.4e13  # from the lesson
    return N * P
