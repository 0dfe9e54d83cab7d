# mistake: confused the request output rate with a decode rate: counted n_out − 1 outputs
# fails: request_output_rate
# hint: steady decode rate
# diagnosis: latency.rates-confused


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return (n_out - 1) / elapsed
