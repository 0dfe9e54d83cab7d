# mistake: computes W @ X.T and transposes back in the parallel part, but W @ x in the loop; the two disagree only where the shapes allow
# fails: prefill_matches_sequential
# expect: W @ X.T transposed is X @ W.T, not X @ W: the product order matters
# no-diagnosis: both sums are X @ W.T and agree with each other; the observation shows it held no running sum of X @ W, so no misconception of the catalogue is named


def prefill_matches_sequential(X, W):
    Y = (W @ X.T).T
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = 0
    for i in range(Y.shape[0]):
        acc = acc + W @ X[i]
        seq[i] = acc
    return bool(np.allclose(par, seq))
