# right: processes one prompt vector per step (x @ W in the loop), as a model would decode, with type hints


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    parallel = np.cumsum(X @ W, axis=0)
    state = np.zeros(W.shape[1])
    outputs: list[np.ndarray] = []
    for x in X:
        state = state + x @ W
        outputs.append(state.copy())
    return bool(np.allclose(parallel, np.stack(outputs)))
