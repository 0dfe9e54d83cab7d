# mistake: a loop over the tokens that adds the cost of the whole prompt each time (2 · N · P²)
# fails: prefill_flops, prefill_seconds
# expect: the cost is linear in P: inside the loop each token costs 2 · N, not the whole prompt's 2 · N · P
# diagnosis: flops.squared, seconds.flops-carried-forward


def prefill_flops(N, P):
    total = 0
    for token in range(P):
        total += 2 * N * P   # cost of processing the prompt
    return total
