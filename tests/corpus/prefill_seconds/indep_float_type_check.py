# mistake: insists on a float utilization (isinstance check), refusing utilization=1
# fails: prefill_seconds
# expect: an int utilization (1) is a number in (0, 1] and must be accepted
# diagnosis: seconds.rejects-int
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise TypeError("utilization must be a float")
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
