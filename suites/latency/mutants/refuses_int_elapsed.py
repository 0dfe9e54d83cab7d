# mistake: insists on a float elapsed time and refuses a whole number of seconds
# fails: request_output_rate
# hint: refuses elapsed as an int


def request_output_rate(n_out, elapsed):
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not isinstance(elapsed, float) or not elapsed > 0:
        raise ValueError(f"elapsed must be a positive float number of seconds, got {elapsed!r}")
    return n_out / elapsed
