# right: adds 2·N once per token in a loop
def prefill_flops(N, P):
    total = 0
    for _ in range(int(P)):
        total += 2 * N
    return total
