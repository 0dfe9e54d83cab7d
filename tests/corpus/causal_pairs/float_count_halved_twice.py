# mistake: halves twice, once in the formula and once "because attention is causal" (5.0 for 4 tokens)
# fails: causal_pairs
# expect: P(P+1)/2 already is the causal half; halving it again counts only half the allowed pairs
# no-diagnosis: P(P+1)/4 is no model of a known misconception; only a generic "expected P(P+1)/2" can be said


def causal_pairs(P):
    total = P * (P + 1) / 2
    return total / 2   # causal: only half
