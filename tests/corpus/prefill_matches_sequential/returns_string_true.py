# mistake: returns the answer as text ('True' or 'False')
# fails: prefill_matches_sequential
# expect: the function returns text, not a bool: return the comparison itself
# diagnosis: sequential.returned-string


def prefill_matches_sequential(X, W):
    Y = X @ W
    same = np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))]))
    return str(same)
