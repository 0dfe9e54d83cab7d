# mistake: exact arithmetic with fractions.Fraction, right for Python numbers; a Fraction of a numpy integer keeps int64 parts, whose products overflow for a rate of 1e9 or more given as a numpy int (issue 21: numpy scalars are in the lesson's domain)
# fails: prefill_seconds
# no-diagnosis: the overflow is inside Fraction's arithmetic: the feedback gives the call, the time it returned and the right one
from fractions import Fraction
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return Fraction(prefill_flops(N, P)) / (Fraction(flops_per_sec) * Fraction(utilization))
