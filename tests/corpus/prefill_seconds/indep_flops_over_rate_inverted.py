# mistake: divides the rate by the FLOPs (throughput, not time)
# fails: prefill_seconds
# expect: time = FLOPs / rate, not rate / FLOPs
# diagnosis: seconds.inverted
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return (flops_per_sec * utilization) / prefill_flops(N, P)
