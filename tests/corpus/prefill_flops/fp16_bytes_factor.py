# mistake: multiplies by 2 twice, once for the multiply-add and once "for the 2 bytes of fp16"
# fails: prefill_flops, prefill_seconds
# expect: bytes per parameter have nothing to do with FLOPs: 2 · N · P, without a factor for the number format
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    bytes_per_param = 2  # fp16
    return 2 * N * P * bytes_per_param
