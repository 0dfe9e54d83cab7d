# right: one slice assignment per row, with a helper for the row
def _row(P, i):
    row = np.zeros(P, dtype=bool)
    row[: i + 1] = True
    return row


def causal_mask(P):
    return np.stack([_row(P, i) for i in range(P)]) if P else np.zeros((0, 0), dtype=bool)
