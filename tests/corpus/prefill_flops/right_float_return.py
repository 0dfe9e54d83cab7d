# right: returns a float built from the multiply and the add written out, N * P + N * P


def prefill_flops(N, P):
    multiplies = N * P
    adds = N * P
    return float(multiplies + adds)
