# right: P * (P + 1) / 2 with true division, a float count (10.0 for 4 tokens); exact for every prompt a model takes, and the lesson writes P(P+1)/2


def causal_pairs(P):
    return P * (P + 1) / 2
