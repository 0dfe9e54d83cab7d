# right: float division P*(P+1)/2, as the lesson writes it
def causal_pairs(P: int) -> float:
    return P * (P + 1) / 2
