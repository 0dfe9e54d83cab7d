# mistake: prints whether the two agree and returns nothing
# fails: prefill_matches_sequential
# expect: the function returns None: print shows the answer, only return hands it back
# diagnosis: sequential.returned-none


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    print("match:", np.allclose(parallel, sequential))
