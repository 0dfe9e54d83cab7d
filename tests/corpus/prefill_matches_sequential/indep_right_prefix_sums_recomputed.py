# right: recomputes each prefix with sum (different order), compares with isclose(...).all()
import numpy as np
def prefill_matches_sequential(X, W):
    Y = np.dot(X, W)
    all_at_once = Y.cumsum(axis=0)
    one_by_one = np.vstack([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.isclose(all_at_once, one_by_one).all())
