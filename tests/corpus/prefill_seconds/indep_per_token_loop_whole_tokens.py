# right: adds each token's time in a loop and prints the result
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    rate = flops_per_sec * utilization
    total = 0.0
    for _ in range(int(P)):
        total += 2 * N / rate
    print(f"prefill takes {total:.3f} s")
    return total
