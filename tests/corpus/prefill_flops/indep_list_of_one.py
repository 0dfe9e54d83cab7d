# mistake: returns a one-element numpy array instead of a number
# fails: prefill_flops, prefill_seconds
# expect: returns an array, not a number
# diagnosis: flops.returned-container, seconds.flops-carried-forward
import numpy as np
def prefill_flops(N, P):
    return np.array([2.0]) * N * P
