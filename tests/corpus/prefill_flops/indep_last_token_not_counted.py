# mistake: counts P-1 tokens (thinks the last prompt token is processed by decode)
# fails: prefill_flops, prefill_seconds
# expect: a token too few: P - 1 instead of P
# diagnosis: flops.token-off-by-one, seconds.flops-carried-forward
def prefill_flops(N, P):
    return 2 * N * (P - 1)
