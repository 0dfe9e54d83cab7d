# All times in the serving dashboards I use are in milliseconds, so I report ms.
MS_PER_S = 1000


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    total = ttft + (n_out - 1) * itl
    return total * MS_PER_S  # ms


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    itl_ms = itl * MS_PER_S
    return 1 / itl_ms


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be > 0, got {elapsed}")
    # elapsed is given in ms -> tokens per second
    return n_out / elapsed * MS_PER_S


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    return 2 / bytes_per_param
