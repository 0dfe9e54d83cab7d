# NOTE: I work in milliseconds for latencies (that's what our dashboards show),
# and convert to seconds at the end.

MS_PER_S = 1000.0


def request_seconds(ttft, itl, n_out):
    """ttft and itl in ms -> total seconds"""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    total_ms = ttft + (n_out - 1) * itl
    return total_ms / MS_PER_S


def steady_decode_rate(itl):
    """itl in ms -> tokens per second"""
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    return MS_PER_S / itl


def request_output_rate(n_out, elapsed):
    """elapsed in seconds (output of request_seconds)"""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be > 0, got {elapsed}")
    return n_out / elapsed


BITS_PER_BYTE = 8


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    # 2 flops per param, divided by the bytes moved per param
    return 2 * BITS_PER_BYTE / bytes_per_param
