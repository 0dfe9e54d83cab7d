# mistake: computes both sums, then returns True without comparing them
# fails: prefill_matches_sequential
# expect: the result does not depend on the sums: compare them, don't return a constant
# xfail: gets full marks: it really computes X @ W, so it raises where the shapes do not fit, and the check for a constant True counts any exception as a pass (issue 15, item 6); only a probe where the sums disagree could catch it, and a student's two sums never do


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
