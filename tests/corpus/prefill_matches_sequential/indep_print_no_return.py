# mistake: prints whether they agree and returns None
# fails: prefill_matches_sequential
# expect: prints instead of returning
# diagnosis: sequential.returned-none
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(len(Y)):
        seq[i] = Y[: i + 1].sum(axis=0)
    print("match:", np.allclose(parallel, seq))
