# mistake: counts a whole-number parameter count in numpy int32, which billions overflow
# fails: prefill_flops


def prefill_flops(N, P):
    if isinstance(N, int):  # "an int count stays exact in integers"
        return int(np.int32(N % 2**31) * np.int32(2) * np.int32(P))
    return 2 * N * P
