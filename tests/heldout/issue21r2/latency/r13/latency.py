MS_PER_S = 1000


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # inter-token gaps are tens of milliseconds; a gap above 1 must have been given in ms
    if itl > 1:
        itl = itl / MS_PER_S
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    """itl in milliseconds (that's how engines log it)."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return MS_PER_S / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops_per_param = 2
    bytes_read_per_param = bytes_per_param
    return flops_per_param / bytes_read_per_param
