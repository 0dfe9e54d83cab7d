# mistake: raised a plain Exception for a bad utilization, not ValueError
# fails: prefill_seconds
# diagnosis: seconds.wrong-exception


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise Exception("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
