# mistake: multiplies 2 · N by the number of causal pairs P(P+1)/2 instead of by the P tokens
# fails: prefill_flops, prefill_seconds
# expect: the weight FLOPs go with the tokens (P), not with the token pairs (P(P+1)/2): 2 · N · P
# diagnosis: flops.squared, seconds.flops-carried-forward


def prefill_flops(N, P):
    pairs = P * (P + 1) / 2
    return 2 * N * pairs
