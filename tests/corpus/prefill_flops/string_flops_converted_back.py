# mistake: prefill_flops returns the count formatted as text; prefill_seconds, which converts it back with float(), is right
# fails: prefill_flops
# expect: prefill_flops returns text, not a number (prefill_seconds works around it with float(), and is right)
# diagnosis: flops.returned-string


def prefill_flops(N, P):
    return f"{2 * N * P}"


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return float(prefill_flops(N, P)) / (flops_per_sec * utilization)
