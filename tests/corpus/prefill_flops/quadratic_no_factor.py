# mistake: N · P² ("attention is quadratic") without the factor 2
# fails: prefill_flops, prefill_seconds
# expect: the cost is linear in P: P² counts token pairs; the weight FLOPs are 2 · N per token
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    return N * P * P
