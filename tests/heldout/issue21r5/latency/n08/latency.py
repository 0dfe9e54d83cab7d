MS_PER_S = 1000.0


def request_seconds(ttft, itl, n_out):
    """Total request latency. Latencies are usually reported in ms, so return ms."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0 or itl <= 0:
        raise ValueError(f"ttft and itl must be positive, got ttft={ttft}, itl={itl}")
    return (ttft + (n_out - 1) * itl) * MS_PER_S


def steady_decode_rate(itl):
    """itl is in milliseconds (like in serving dashboards)."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return MS_PER_S / itl


def request_output_rate(n_out, elapsed):
    """elapsed in ms -> tokens per second."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / (elapsed / MS_PER_S)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
