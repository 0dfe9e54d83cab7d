# mistake: returns the time as text with its unit
# fails: prefill_seconds
# expect: returns text, not a number
# diagnosis: seconds.returned-string
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return f"{prefill_flops(N, P) / (flops_per_sec * utilization):.2f} s"
