# mistake: N · P² ("attention is quadratic") without the factor 2
# fails: prefill_flops, prefill_seconds
# expect: the cost is linear in P: P² counts token pairs; the weight FLOPs are 2 · N per token
# diagnosis: flops.squared, seconds.flops-carried-forward


def prefill_flops(N, P):
    return N * P * P
