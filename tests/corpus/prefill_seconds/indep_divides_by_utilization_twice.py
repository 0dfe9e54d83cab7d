# mistake: computes the effective rate as flops_per_sec / utilization (divides where it should multiply)
# fails: prefill_seconds
# expect: the effective rate is flops_per_sec · utilization
# diagnosis: seconds.multiplied-by-utilization
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec / utilization
    return prefill_flops(N, P) / effective
