# mistake: reads N as "billions of parameters" and multiplies it by 1e9 again
# fails: prefill_flops, prefill_seconds
# expect: N is already a count of parameters (7e9), not billions: multiplying by 1e9 makes the result 10⁹ times too big
# diagnosis: flops.billions-twice, seconds.flops-carried-forward


def prefill_flops(N, P):
    n_params = N * 1e9  # N is given in billions (7B)
    return 2 * n_params * P
