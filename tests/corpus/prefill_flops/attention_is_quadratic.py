# mistake: every token "looks at" every other token, so the cost goes with P squared: 2 · N · P²
# fails: prefill_flops, prefill_seconds
# expect: the cost is linear in P: each of the P tokens goes through the N parameters once; P² is the attention pair count, not the weight FLOPs
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    # P tokens, each attending to P tokens, each through N params, multiply+add
    return 2 * N * P ** 2
