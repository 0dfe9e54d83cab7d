# right: two helper functions and a matmul helper
import numpy as np

def _parallel(Y):
    return np.cumsum(Y, axis=0)

def _sequential(Y):
    out = np.empty_like(Y)
    acc = np.zeros_like(Y[0])
    for i, y in enumerate(Y):
        acc = acc + y
        out[i] = acc
    return out

def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    return bool(np.allclose(_parallel(Y), _sequential(Y)))
