# mistake: checked the arguments with assert (AssertionError, not ValueError)
# fails: request_seconds
# hint: assert is not a ValueError


def request_seconds(ttft, itl, n_out):
    assert n_out >= 1, "n_out must be at least 1"
    assert ttft > 0 and itl > 0, "ttft and itl must be positive"
    return ttft + (n_out - 1) * itl
