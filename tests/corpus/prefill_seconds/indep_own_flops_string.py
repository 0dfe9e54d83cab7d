# mistake: prefill_flops returns a formatted string; prefill_seconds divides it
# fails: prefill_flops, prefill_seconds
# expect: prefill_flops returns text; prefill_seconds fails on what prefill_flops gave it
# diagnosis: flops.returned-string, seconds.flops-carried-forward
def prefill_flops(N, P):
    return "{:.3e}".format(2 * N * P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
