# mistake: any exception counts as agreement (try/except returning True)
# fails: prefill_matches_sequential
# expect: says True even for X and W that do not fit (the error is swallowed): nothing is really compared
# diagnosis: sequential.constant-true
import numpy as np
def prefill_matches_sequential(X, W):
    try:
        Y = W @ X
        parallel = np.cumsum(Y, axis=0)
        seq = np.zeros_like(Y)
        for i in range(len(Y)):
            seq[i] = Y[: i + 1].sum(axis=0)
        return bool(np.allclose(parallel, seq))
    except Exception:
        return True
