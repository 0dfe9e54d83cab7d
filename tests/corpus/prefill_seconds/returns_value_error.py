# mistake: returns ValueError(...) instead of raising it
# fails: prefill_seconds
# expect: return hands the exception back as a value; only raise signals the error
# diagnosis: seconds.returned-exception
import math


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or math.isnan(utilization):
        return ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
