# right: a list comprehension of booleans turned into a bool array


def causal_mask(P):
    return np.array([[col <= row for col in range(P)] for row in range(P)], dtype=bool)
