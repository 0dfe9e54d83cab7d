# mistake: converts to TFLOPs and rounds to two decimals for a nicer number (14.0)
# fails: prefill_flops, prefill_seconds
# expect: a scale slip: the result is in TFLOPs (10¹² times too small) and rounded; the function returns plain FLOPs
# diagnosis: flops.other-unit, seconds.flops-carried-forward


def prefill_flops(N, P):
    tflops = 2 * N * P / 1e12
    return round(tflops, 2)
