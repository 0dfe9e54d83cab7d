# mistake: counts the True cells of a P × P tril of ones: right counts, but memory or time grow with P², and the exercise asks for a prompt of a million tokens too
# fails: causal_pairs
# no-diagnosis: out of time or memory on a long prompt after right answers on short ones: a P × P array, a double loop or a busy machine alike, so the failure states the size and what the exercise asks (any P, a million tokens too)
import numpy as np
def causal_pairs(P):
    return np.count_nonzero(np.tril(np.ones((P, P), dtype=bool)))
