# mistake: computes the parallel sum twice and compares it with itself: the loop one position at a time is never written
# fails: prefill_matches_sequential
# expect: the sequential way is never computed: compare np.cumsum with a loop that adds one position at a time
# no-diagnosis: comparing np.cumsum with itself returns True on every input where X @ W exists and raises where it does not, exactly like a right function; no call can tell them apart
# xfail: gets full marks: it behaves exactly like a right function on every input; only reading the code shows that no loop is there


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.cumsum(Y, axis=0)
    return bool(np.allclose(parallel, sequential))
