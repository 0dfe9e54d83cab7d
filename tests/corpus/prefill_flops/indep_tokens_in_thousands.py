# mistake: divides P by 1000 (thinks the prompt slider is in thousands)
# fails: prefill_flops, prefill_seconds
# expect: a factor 1000 off on P
# diagnosis: flops.other-unit, seconds.flops-carried-forward
def prefill_flops(N, P):
    return 2 * N * (P / 1000)
