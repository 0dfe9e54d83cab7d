# mistake: prints an error message and returns None for a bad utilization
# fails: prefill_seconds
# expect: must raise ValueError, not print
# diagnosis: seconds.printed-instead-of-raising
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        print("Error: utilization must be in (0, 1]")
        return None
    return prefill_flops(N, P) / (flops_per_sec * utilization)
