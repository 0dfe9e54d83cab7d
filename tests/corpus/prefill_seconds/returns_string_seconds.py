# mistake: returns the time as text with its unit ('0.28 s')
# fails: prefill_seconds
# expect: the function returns text, not a number: the unit belongs in the name, not in the value
# diagnosis: seconds.returned-string


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    t = prefill_flops(N, P) / (flops_per_sec * utilization)
    return f"{t:.2f} s"
