# right: exact arithmetic with fractions.Fraction
from fractions import Fraction
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return Fraction(prefill_flops(N, P)) / (Fraction(flops_per_sec) * Fraction(utilization))
