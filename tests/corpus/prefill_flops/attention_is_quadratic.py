# mistake: every token "looks at" every other token, so the cost goes with P squared: 2 · N · P²
# fails: prefill_flops, prefill_seconds
# expect: the cost is linear in P: each of the P tokens goes through the N parameters once; P² is the attention pair count, not the weight FLOPs
# diagnosis: flops.squared, seconds.flops-carried-forward


def prefill_flops(N, P):
    # P tokens, each attending to P tokens, each through N params, multiply+add
    return 2 * N * P ** 2
