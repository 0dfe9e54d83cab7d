# mistake: sums 2·N·t over positions t = 1..P, mixing in the causal triangle
# fails: prefill_flops, prefill_seconds
# expect: each token costs 2·N, not 2·N times its position (the triangle is attention's pairs, not the parameter cost)
# diagnosis: flops.squared, seconds.flops-carried-forward
def prefill_flops(N, P):
    total = 0
    for t in range(1, P + 1):
        total += 2 * N * t   # token t looks at t tokens
    return total
