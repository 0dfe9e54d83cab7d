# mistake: compares the two float sums with == instead of np.allclose
# fails: prefill_matches_sequential
# expect: floats must be compared with a tolerance (np.allclose): == on floats works here only because both sums add in the same order
# no-diagnosis: np.cumsum and a loop add the same numbers in the same order, so == gives True on every input, exactly like np.allclose; no call can tell them apart
# xfail: gets full marks: its exact comparison is right on every input, since both sums add the rows in the same order; only reading the code shows the ==


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool((parallel == sequential).all())
