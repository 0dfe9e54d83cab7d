# right: a double loop setting each cell
import numpy as np
def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(P):
            if col <= row:
                mask[row, col] = True
    return mask
