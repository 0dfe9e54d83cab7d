# mistake: writes 2 * N + P, meaning "two FLOPs per parameter, for the prompt"
# fails: prefill_flops, prefill_seconds
# expect: the cost is a product: 2 · N per token times P tokens
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    return 2 * N + P
