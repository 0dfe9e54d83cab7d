# mistake: multiplies in a numpy int32 array, which cannot hold 7e9 and wraps around
# fails: prefill_flops, prefill_seconds
# expect: int32 holds numbers up to about 2.1e9: the parameter count overflows; compute with Python numbers or floats
# no-diagnosis: an overflowed value is garbage (it depends on the wrap-around, and numpy may warn or raise), so no model of it predicts the value
# diagnosis: seconds.flops-carried-forward


def prefill_flops(N, P):
    sizes = np.array([N, P]).astype(np.int32)
    return int(2 * sizes[0] * sizes[1])
