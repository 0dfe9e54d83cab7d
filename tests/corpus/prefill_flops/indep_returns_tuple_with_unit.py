# mistake: returns (value, unit)
# fails: prefill_flops, prefill_seconds
# expect: returns a tuple, not a number
# diagnosis: flops.returned-container, seconds.flops-carried-forward
def prefill_flops(N, P):
    return 2 * N * P, "FLOPs"
