# mistake: rejects what is <= 0 or > 1, which NaN is not, so NaN gives a NaN time
# fails: prefill_seconds
# expect: every comparison with NaN is False: write the test so that NaN fails it (not 0 < u <= 1)
# diagnosis: seconds.lets-nan-through


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization={utilization} is not in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
