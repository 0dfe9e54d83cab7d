def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # arrival time of every output after the first one
    arrivals = [ttft + k * itl for k in range(1, n_out - 1)]
    return arrivals[-1] if arrivals else ttft


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    itl = float(f"{itl:.3f}")  # millisecond resolution like the logs
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return sum(1 for _ in range(n_out)) / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    # people write precision either in bytes (1, 2) or in bits (4, 8, 16, 32)
    b = bytes_per_param / 8 if bytes_per_param >= 4 else bytes_per_param
    return 2 / b
