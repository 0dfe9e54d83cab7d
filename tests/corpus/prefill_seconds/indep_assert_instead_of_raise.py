# mistake: checks the utilization with assert (AssertionError, not ValueError)
# fails: prefill_seconds
# expect: an assert raises AssertionError; the lesson asks for ValueError
# diagnosis: seconds.assert-instead-of-raise
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)
