# right: refuses a negative or non-integer P with ValueError, type hints via numpy.typing
import numpy as np
import numpy.typing as npt
def causal_mask(P: int) -> npt.NDArray[np.bool_]:
    if P < 0 or int(P) != P:
        raise ValueError("P must be a non-negative integer")
    return np.tril(np.ones((int(P), int(P)), dtype=np.bool_))
