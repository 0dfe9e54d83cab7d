# mistake: nested loops over the pairs with j <= i, P² steps: right counts, but memory or time grow with P², and the exercise asks for a prompt of a million tokens too
# fails: causal_pairs
# no-diagnosis: out of time or memory on a long prompt after right answers on short ones: a P × P array, a double loop or a busy machine alike, so the failure states the size and what the exercise asks (any P, a million tokens too)


def causal_pairs(P):
    count = 0
    for i in range(P):
        for j in range(i + 1):
            count += 1
    return count
