# mistake: counts the True cells of a P × P mask: right numbers, but memory and time grow with P², and the exercise asks for a prompt of a million tokens too
# fails: causal_pairs
# hint: the exercise asks for a prompt of a million tokens too


def causal_pairs(P):
    return int(np.count_nonzero(np.tri(P, dtype=bool)))
