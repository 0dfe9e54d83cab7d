# slow: grows a flat array with np.append cell by cell (quadratically many copies), reshaped at the end
# diagnosis: mask.too-slow
import numpy as np
def causal_mask(P):
    flat = np.array([], dtype=bool)
    for i in range(P):
        for j in range(P):
            flat = np.append(flat, j <= i)
    return flat.reshape(P, P)
