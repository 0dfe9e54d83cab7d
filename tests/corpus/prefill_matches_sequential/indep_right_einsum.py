# right: einsum for the product, a Python list for the loop
import numpy as np
def prefill_matches_sequential(X, W):
    Y = np.einsum("pd,de->pe", X, W)
    parallel = np.cumsum(Y, axis=0)
    rows, running = [], np.zeros(Y.shape[1])
    for y in Y:
        running = running + y
        rows.append(running)
    return bool(np.allclose(parallel, np.stack(rows)))
