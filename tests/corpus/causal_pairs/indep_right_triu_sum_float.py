# mistake: sums a P × P upper triangle of ones, diagonal included: right counts, but memory and time grow with P², and the exercise asks for a prompt of a million tokens too
# fails: causal_pairs
# no-diagnosis: out of time or memory on a long prompt after right answers on short ones: a P × P array, a double loop or a busy machine alike, so the failure states the size and what the exercise asks (any P, a million tokens too)
import numpy as np
def causal_pairs(P):
    return np.triu(np.ones((P, P))).sum()
