# right: refuses a non-number utilization with TypeError (never on the lesson's inputs) and casts to float
import numbers
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, numbers.Real):
        raise TypeError("utilization must be a number")
    utilization = float(utilization)
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
