# right: converts the utilization with float() first (ints accepted), then checks the range both ways
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if u > 1 or not u > 0:
        raise ValueError("utilization out of (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * u)
