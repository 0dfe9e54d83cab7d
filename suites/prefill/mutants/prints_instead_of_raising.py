# mistake: printed a warning for a bad utilization and returned nothing
# fails: prefill_seconds
# diagnosis: seconds.printed-instead-of-raising


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        print("utilization must be in (0, 1]")
        return
    return prefill_flops(N, P) / (flops_per_sec * utilization)
