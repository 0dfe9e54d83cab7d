# mistake: built the grid over range(P + 1): one row and one column too many
# fails: causal_mask
# diagnosis: mask.wrong-shape


def causal_mask(P):
    return np.array([[col <= row for col in range(P + 1)] for row in range(P + 1)])
