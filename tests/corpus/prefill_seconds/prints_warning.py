# mistake: prints a warning for a bad utilization and returns nothing
# fails: prefill_seconds
# expect: printing is not raising: a bad utilization must raise ValueError
# diagnosis: seconds.printed-instead-of-raising


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        print("Error: utilization must be between 0 and 1")
        return
    return prefill_flops(N, P) / (flops_per_sec * utilization)
