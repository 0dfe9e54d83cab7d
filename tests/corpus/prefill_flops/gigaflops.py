# mistake: returns the count in GFLOPs (divided by 1e9) because the numbers "looked too big"
# fails: prefill_flops, prefill_seconds
# expect: a scale slip: the result is in GFLOPs (10⁹ times too small); the function returns plain FLOPs
# diagnosis: flops.in-billions, seconds.flops-carried-forward


def prefill_flops(N, P):
    flops = 2 * N * P
    return flops / 1e9  # in GFLOPs
