# right: an exact Fraction
from fractions import Fraction
def causal_pairs(P):
    return Fraction(P * (P + 1), 2)
