# right: broadcasts a comparison of two aranges
import numpy as np
def causal_mask(P: int) -> np.ndarray:
    """mask[i, j] is True when j <= i."""
    i = np.arange(P).reshape(-1, 1)
    j = np.arange(P).reshape(1, -1)
    return j <= i
