# right: validates its inputs and raises for negative ones
def prefill_flops(N, P):
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2 * N * P
