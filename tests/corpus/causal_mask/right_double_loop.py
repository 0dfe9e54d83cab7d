# right: two nested Python loops over the cells, O(P²): fast enough for P = 1000


def causal_mask(P: int) -> np.ndarray:
    """mask[i][j] is True when token i may attend to token j (j <= i)."""
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            if j <= i:
                mask[i][j] = True
    return mask
