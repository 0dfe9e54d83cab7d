# right: spells out the NaN test with math.isnan and divides twice
import math
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec / utilization
