# mistake: cuts P to a whole number of tokens, though the lesson allows P = 1.5
# fails: prefill_flops
# hint: P cut (rounded down)


def prefill_flops(N, P):
    return 2 * N * int(P)
