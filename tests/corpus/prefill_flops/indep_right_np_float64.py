# right: computes in numpy float64 scalars and prints while returning
import numpy as np
def prefill_flops(N, P):
    flops = np.float64(2) * np.float64(N) * np.float64(P)
    print("flops =", flops)
    return flops
