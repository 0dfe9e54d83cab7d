# mistake: divides by 2 instead of multiplying (remembered "a factor 2" the wrong way round)
# fails: prefill_flops, prefill_seconds
# expect: a factor 4 off: half of N·P instead of twice
# diagnosis: flops.halved, seconds.flops-carried-forward
def prefill_flops(N, P):
    return N * P / 2
