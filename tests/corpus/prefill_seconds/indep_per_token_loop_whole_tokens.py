# mistake: adds each whole token's time in a loop: a P with a fraction (the exercise allows one) loses it
#   (labelled right while the contract read N and P as whole; relabelled with issue 21)
# fails: prefill_seconds
# no-diagnosis: the catalogue has no code for it; the feedback states the call with a fraction and its value
# expect: the answer is wrong for a P that is not whole
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    rate = flops_per_sec * utilization
    total = 0.0
    for _ in range(int(P)):
        total += 2 * N / rate
    print(f"prefill takes {total:.3f} s")
    return total
