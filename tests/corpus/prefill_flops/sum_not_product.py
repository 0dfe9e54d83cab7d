# mistake: adds the parameter count and the prompt length (N + P)
# fails: prefill_flops, prefill_seconds
# expect: the cost is a product: every token goes through every parameter, so N and P multiply
# diagnosis: flops.sum-not-product, seconds.flops-carried-forward


def prefill_flops(N, P):
    return N + P
