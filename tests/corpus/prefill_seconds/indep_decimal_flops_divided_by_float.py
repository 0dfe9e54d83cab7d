# mistake: prefill_flops returns an exact Decimal, and prefill_seconds divides it by a float (TypeError)
# fails: prefill_seconds
# no-diagnosis: prefill_flops is right (an exact number); the TypeError itself says what cannot be mixed, and no misconception of the lesson is behind it (it once drew the keyword-only diagnosis: a TypeError for another reason)
from decimal import Decimal
def prefill_flops(N, P):
    return Decimal(2) * Decimal(N) * Decimal(P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
