# mistake: computes both sums, then returns True without comparing them
# fails: prefill_matches_sequential
# expect: the result does not depend on the sums: compare them, don't return a constant
# no-diagnosis: it computes X @ W, so it raises where the shapes do not fit and says True where they do, exactly like a right function, whose two sums always agree; only reading the code shows that they are never compared
# xfail: gets full marks: it behaves like a right function on every input (see no-diagnosis)


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
