# mistake: returns milliseconds
# fails: prefill_seconds
# expect: milliseconds, not seconds (a factor 1000)
# diagnosis: seconds.milliseconds
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    seconds = prefill_flops(N, P) / (flops_per_sec * utilization)
    return seconds * 1000  # ms
