def triangle(P):
    return P * (P + 1) // 2
