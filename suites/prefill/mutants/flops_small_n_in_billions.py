# mistake: guesses the unit: a small N "must be in billions" (7 for a 7-billion-parameter model) and is scaled by 1e9
# fails: prefill_flops
# hint: reads a small N as billions


def prefill_flops(N, P):
    if N < 1e6:
        N = N * 1e9  # "7 means 7 billion parameters"
    return 2 * N * P
