# mistake: sums the per-token cost in a loop that starts at token 1, so one token is missing
# fails: prefill_flops, prefill_seconds
# expect: the loop counts P - 1 tokens instead of P: range(1, P) stops one token early
# diagnosis: flops.token-off-by-one, seconds.flops-carried-forward


def prefill_flops(N, P):
    flops = 0
    for t in range(1, P):
        flops += 2 * N
    return flops
