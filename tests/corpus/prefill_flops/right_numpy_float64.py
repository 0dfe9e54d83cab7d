# right: returns a numpy float64 from np.multiply


def prefill_flops(N, P):
    return np.multiply(2.0 * N, P)
