# right: numpy product, returns a numpy float64
import numpy as np
def prefill_flops(N, P):
    return np.prod([2.0, N, P])
