# mistake: guesses that a small N is in billions and scales it (the lesson's function takes a parameter count)
# fails: prefill_flops
# no-diagnosis: right on large N, wrong only on small ones; no misconception of the formula
def prefill_flops(N, P):
    if N < 1000:  # given in billions
        N = N * 1e9
    return 2 * N * P
