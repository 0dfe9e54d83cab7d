# mistake: thinks attention makes prefill quadratic and multiplies by P twice
# fails: prefill_flops, prefill_seconds
# expect: 2·N·P: the cost is linear in P in this model
# diagnosis: flops.squared, seconds.flops-carried-forward
def prefill_flops(N, P):
    # every token attends to every other token -> P*P
    return 2 * N * P * P
