# mistake: request_output_rate's parameters written in the other order, (elapsed, n_out): the lesson's calls put the count in elapsed and the time in n_out
# fails: request_output_rate
# diagnosis: import.parameters-reordered
# hint: in the order of the lesson's


def request_output_rate(elapsed, n_out):
    """Tokens per second over the whole request: n_out / elapsed (TTFT included)."""
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not elapsed > 0:
        raise ValueError(f"elapsed must be a positive number of seconds, got {elapsed}")
    return n_out / elapsed
