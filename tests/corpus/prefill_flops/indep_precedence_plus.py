# mistake: typed 2*N + P (a plus for the middle dot)
# fails: prefill_flops, prefill_seconds
# expect: a sum where the lesson multiplies
# diagnosis: flops.sum-not-product, seconds.flops-carried-forward
def prefill_flops(N, P):
    return 2*N + P
