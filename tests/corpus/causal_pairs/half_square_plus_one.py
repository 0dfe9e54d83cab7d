# mistake: guesses the count as half the square plus one (9 for 4 tokens)
# fails: causal_pairs
# expect: the triangle with its diagonal is P(P+1)/2, half the square plus half the diagonal
# no-diagnosis: P²/2 + 1 is no model of a mistake the lesson invites; it agrees with the right count only at P = 2, so only a generic "expected P(P+1)/2" can be said


def causal_pairs(P):
    return P ** 2 / 2 + 1
