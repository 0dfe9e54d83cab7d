# mistake: adds an attention term 2·P² to 2·N·P (not in the lesson's rough cost)
# fails: prefill_flops, prefill_seconds
# expect: the lesson's rough cost is 2·N·P only
# no-diagnosis: prefill_flops adds a term of its own (P², 2·P², P²·d: students write many), which no one model stands for; prefill_seconds is told it is right for that prefill_flops
# diagnosis: seconds.flops-carried-forward
def prefill_flops(N, P):
    linear = 2 * N * P
    attention = 2 * P * P
    return linear + attention
