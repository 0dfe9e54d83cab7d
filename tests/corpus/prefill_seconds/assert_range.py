# mistake: checks the range with assert, which raises AssertionError, not ValueError
# fails: prefill_seconds
# expect: an assert is not a ValueError (and is skipped under python -O): raise ValueError explicitly
# diagnosis: seconds.assert-instead-of-raise


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)
