# mistake: integer-divides by 1e9 to report GFLOPs
# fails: prefill_flops, prefill_seconds
# expect: a factor 1e9 off (GFLOPs)
# diagnosis: flops.in-billions, seconds.flops-carried-forward
def prefill_flops(N, P):
    return 2 * N * P // 1e9
