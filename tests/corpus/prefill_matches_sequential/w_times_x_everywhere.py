# mistake: computes W @ X.T and transposes back in the parallel part, but W @ x in the loop; the two disagree only where the shapes allow
# fails: prefill_matches_sequential
# expect: W @ X.T transposed is X @ W.T, not X @ W: the product order matters
# no-diagnosis: both sums are X @ W.T, so they agree with each other and it returns True like a right one for every square W (the lesson's W is (d, d)); only a W of shape (d, e) with e != d tells it apart (it raises where X @ W exists)
# xfail: gets full marks: both of its sums use the same wrong product, so they agree; every check uses a square W, which W.T fits too


def prefill_matches_sequential(X, W):
    Y = (W @ X.T).T
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = 0
    for i in range(Y.shape[0]):
        acc = acc + W @ X[i]
        seq[i] = acc
    return bool(np.allclose(par, seq))
