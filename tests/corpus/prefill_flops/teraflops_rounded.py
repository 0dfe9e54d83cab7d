# mistake: converts to TFLOPs and rounds to two decimals for a nicer number (14.0)
# fails: prefill_flops, prefill_seconds
# expect: a scale slip: the result is in TFLOPs (10¹² times too small) and rounded; the function returns plain FLOPs
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    tflops = 2 * N * P / 1e12
    return round(tflops, 2)
