# right: an exact Decimal from prefill_flops, converted to float where prefill_seconds divides it
from decimal import Decimal
def prefill_flops(N, P):
    return Decimal(2) * Decimal(N) * Decimal(P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return float(prefill_flops(N, P)) / (flops_per_sec * utilization)
