# mistake: adds the parameter count and the prompt length (N + P)
# fails: prefill_flops, prefill_seconds
# expect: the cost is a product: every token goes through every parameter, so N and P multiply
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    return N + P
