# mistake: expresses the prompt in thousands of tokens ("a 1k prompt") and forgets to scale back
# fails: prefill_flops, prefill_seconds
# expect: a scale slip: P is counted in thousands of tokens, so the result is 1000 times too small
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    k_tokens = P / 1000
    return 2 * N * k_tokens
