# mistake: adds 2·N once per whole token: a P with a fraction (the exercise allows one) loses it
#   (labelled right while the contract read N and P as whole; relabelled with issue 21)
# fails: prefill_flops
# no-diagnosis: the catalogue has no code for it; the feedback states the call with a fraction and its value
# expect: the answer is wrong for a P that is not whole
def prefill_flops(N, P):
    total = 0
    for _ in range(int(P)):
        total += 2 * N
    return total
