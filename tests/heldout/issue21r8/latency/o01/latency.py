"""Request latency and arithmetic intensity (E1.2 chapter reference)."""


def request_seconds(ttft, itl, n_out):
    """Time for a whole request: first token at TTFT, then n_out - 1 gaps of ITL."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    """Tokens per second between outputs once decoding runs."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    """Tokens per second over the whole request (TTFT included)."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    """FLOPs per byte of a single-sequence dense weight scan: 2N / (N b) = 2 / b."""
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
