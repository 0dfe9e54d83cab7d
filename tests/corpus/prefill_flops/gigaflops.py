# mistake: returns the count in GFLOPs (divided by 1e9) because the numbers "looked too big"
# fails: prefill_flops, prefill_seconds
# expect: a scale slip: the result is in GFLOPs (10⁹ times too small); the function returns plain FLOPs
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    flops = 2 * N * P
    return flops / 1e9  # in GFLOPs
