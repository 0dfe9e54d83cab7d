# mistake: the return is indented into the loop, so the comparison happens after the first position
# fails: prefill_matches_sequential
# expect: return inside the loop: the function answers after the first position, before the running sum is built
# diagnosis: sequential.return-in-loop


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    one_by_one = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(len(Y)):
        acc = acc + Y[t]
        one_by_one[t] = acc
        return np.allclose(all_at_once, one_by_one)
