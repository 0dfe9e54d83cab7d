# mistake: appends the running array itself (updated in place with +=), so every stored row is the same final sum
# fails: prefill_matches_sequential
# expect: the list holds the same array object P times (aliasing): running += changes every stored row; append a copy
# diagnosis: sequential.aliased-rows


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = np.zeros(Y.shape[1])
    rows = []
    for y in Y:
        running += y
        rows.append(running)
    return np.allclose(parallel, np.array(rows))
