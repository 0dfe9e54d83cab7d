# mistake: returns np.isclose(...), an array of booleans, instead of one True or False
# fails: prefill_matches_sequential
# expect: np.isclose compares element by element and returns an array: np.allclose (or .all()) gives one answer
# diagnosis: sequential.returned-array


def prefill_matches_sequential(X, W):
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    b = np.zeros_like(Y)
    for i in range(len(Y)):
        b[i] = b[i - 1] + Y[i] if i > 0 else Y[i]
    return np.isclose(a, b)
