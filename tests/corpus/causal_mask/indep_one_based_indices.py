# mistake: 1-based loop indices (tokens 1..P) writing past the end of the array
# fails: causal_mask
# expect: IndexError: numpy indices run 0..P-1
# diagnosis: mask.one-based
import numpy as np
def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(1, P + 1):
        for j in range(1, i + 1):
            mask[i, j] = True
    return mask
