# right: a list comprehension wrapped in np.array
import numpy as np
def causal_mask(P):
    return np.array([[col <= row for col in range(P)] for row in range(P)])
