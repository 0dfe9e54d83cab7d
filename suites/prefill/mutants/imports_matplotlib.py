# mistake: imports matplotlib and draws the mask inside causal_mask, which the grader's Python cannot do (the import gets a stand-in, so only that function fails)
# fails: causal_mask
# diagnosis: import.module-unavailable
# hint: causal_mask uses matplotlib
import matplotlib.pyplot as plt  # to draw the results


def causal_mask(P):
    """A (P, P) boolean array that is True where a token may attend (column <= row)."""
    mask = np.tril(np.ones((P, P), dtype=bool))
    plt.imshow(mask)  # to see it
    return mask
