# mistake: a while loop with <= that counts P + 1 tokens
# fails: prefill_flops, prefill_seconds
# expect: the loop counts P + 1 tokens instead of P: t <= P runs one time too many
# diagnosis: flops.token-off-by-one, seconds.flops-carried-forward


def prefill_flops(N, P):
    t = 0
    total = 0.0
    while t <= P:
        total = total + 2 * N
        t += 1
    return total
