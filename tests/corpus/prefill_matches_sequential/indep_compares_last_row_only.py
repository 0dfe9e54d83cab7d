# mistake: compares only the final totals (sum) with the last row of the cumsum
# fails: prefill_matches_sequential
# no-diagnosis: its answer is True like a right function's; the observation shows it: with np.cumsum's first row changed, it still says True
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    total = np.zeros(Y.shape[1])
    for row in Y:
        total += row
    return bool(np.allclose(np.cumsum(Y, axis=0)[-1], total))
