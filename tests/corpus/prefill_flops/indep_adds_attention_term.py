# mistake: adds an attention term 2·P² to 2·N·P (not in the lesson's rough cost)
# fails: prefill_flops, prefill_seconds
# expect: the lesson's rough cost is 2·N·P only
# diagnosis: flops.quadratic-term, seconds.flops-carried-forward
def prefill_flops(N, P):
    linear = 2 * N * P
    attention = 2 * P * P
    return linear + attention
