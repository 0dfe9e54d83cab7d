# right: converts inputs with np.asarray and checks shapes with ValueError
import numpy as np
def prefill_matches_sequential(X, W):
    X = np.asarray(X, dtype=float)
    W = np.asarray(W, dtype=float)
    if X.ndim != 2 or W.shape != (X.shape[1], X.shape[1]):
        raise ValueError("X must be (P, d) and W (d, d)")
    Y = X @ W
    seq = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        seq[i] = Y[i] if i == 0 else seq[i - 1] + Y[i]
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))
