# mistake: multiplies 2 · N by the number of causal pairs P(P+1)/2 instead of by the P tokens
# fails: prefill_flops, prefill_seconds
# expect: the weight FLOPs go with the tokens (P), not with the token pairs (P(P+1)/2): 2 · N · P
# xfail: prefill_seconds (the reference's, calling this prefill_flops) gets full marks: it is judged against the student's own prefill_flops (error carried forward), never the lesson's 0.28 s (issue 15, item 1)


def prefill_flops(N, P):
    pairs = P * (P + 1) / 2
    return 2 * N * pairs
