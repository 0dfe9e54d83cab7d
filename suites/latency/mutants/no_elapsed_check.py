# mistake: checked n_out but not elapsed: ZeroDivisionError for 0 s, a negative rate for negative times
# fails: request_output_rate
# hint: elapsed


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    return n_out / elapsed
