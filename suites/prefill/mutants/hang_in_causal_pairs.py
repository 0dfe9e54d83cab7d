# mistake: an endless loop in one function
# fails: causal_pairs


def causal_pairs(P):
    while True:
        pass
