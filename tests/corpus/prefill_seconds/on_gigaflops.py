# mistake: prefill_flops returns GFLOPs; prefill_seconds divides those by a rate in FLOP/s (2.8e-10 s)
# fails: prefill_flops, prefill_seconds
# expect: prefill_seconds is right for the student's prefill_flops, which is in GFLOPs (10⁹ times too small): fix prefill_flops and it gives 0.28 s
# diagnosis: flops.in-billions, seconds.flops-carried-forward
import math


def prefill_flops(N, P):
    return 2 * N * P / 1e9   # GFLOPs


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or math.isnan(utilization):
        raise ValueError("utilization should be between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
