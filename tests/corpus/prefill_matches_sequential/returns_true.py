# mistake: computes both sums, then returns True without comparing them
# fails: prefill_matches_sequential
# expect: the result does not depend on the sums: compare them, don't return a constant
# no-diagnosis: no misconception of the catalogue fits; the observation shows it: with np.cumsum's result changed, it still says True


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc += Y[i]
        sequential[i] = acc
    # they're the same, as the lesson says
    return True
