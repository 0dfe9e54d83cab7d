# mistake: compares only the final running sum with the last row of np.cumsum
# fails: prefill_matches_sequential
# expect: every position must agree, not only the last one: compare the whole running sums
# no-diagnosis: the last rows agree whenever the whole sums do, and the student's two sums always do; it returns True like a right function on every input
# xfail: gets full marks: it answers True on every input a right function answers True on; only reading the code shows that only the last position is compared


def prefill_matches_sequential(X, W):
    Y = X @ W
    total = np.zeros(Y.shape[1])
    for row in Y:
        total = total + row
    return bool(np.allclose(np.cumsum(Y, axis=0)[-1], total))
