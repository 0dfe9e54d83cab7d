SECONDS_PER_MINUTE = 60
MS_PER_SECOND = 1000
BITS_PER_BYTE = 8


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    """tokens per minute, the usual unit for API rate limits"""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return SECONDS_PER_MINUTE / itl


def request_output_rate(n_out, elapsed):
    """elapsed comes from the server log, in milliseconds"""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / (elapsed / MS_PER_SECOND)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    bits = bytes_per_param * BITS_PER_BYTE
    return 2 / bits
