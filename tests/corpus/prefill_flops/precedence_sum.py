# mistake: writes 2 * N + P, meaning "two FLOPs per parameter, for the prompt"
# fails: prefill_flops, prefill_seconds
# expect: the cost is a product: 2 · N per token times P tokens
# diagnosis: flops.sum-not-product, seconds.flops-carried-forward


def prefill_flops(N, P):
    return 2 * N + P
