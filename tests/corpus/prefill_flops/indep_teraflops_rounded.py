# mistake: returns TFLOPs rounded to two decimals
# fails: prefill_flops, prefill_seconds
# expect: a factor 1e12 off (TFLOPs), and rounding
# diagnosis: flops.other-unit, seconds.flops-carried-forward
def prefill_flops(N, P):
    return round(2 * N * P / 1e12, 2)
