# right: a helper that validates the utilization with math.isnan, and the FLOPs from prefill_flops
import math


def _check_utilization(u):
    if math.isnan(u) or u <= 0 or u > 1:
        raise ValueError(f"utilization must be in (0, 1], got {u}")


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    _check_utilization(utilization)
    return prefill_flops(N, P) / (flops_per_sec * utilization)
