# right: plain Python loops with an explicit tolerance, no numpy in the loop
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    P, d = Y.shape
    run = [0.0] * d
    for i in range(P):
        for k in range(d):
            run[k] += Y[i, k]
            if abs(run[k] - par[i, k]) > 1e-8 * max(1.0, abs(par[i, k])):
                return False
    return True
