# mistake: returned seconds per token: elapsed / n_out
# fails: request_output_rate
# hint: seconds per token


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return elapsed / n_out
