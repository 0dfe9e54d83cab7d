# mistake: halves 2 · N · P because the causal mask "skips half the work", back to N · P
# fails: prefill_flops, prefill_seconds
# expect: the causal mask halves the attention scores, not the weight multiplications: every token still goes through all N parameters
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    full = 2 * N * P
    # causal attention only looks at earlier tokens -> roughly half
    return full / 2
