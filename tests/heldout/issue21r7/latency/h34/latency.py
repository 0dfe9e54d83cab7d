DTYPE_BYTES = (1, 2, 4, 8)  # int8, fp16, fp32, fp64


def request_seconds(ttft, itl, n_out):
    if not ttft or not itl:
        raise ValueError("ttft and itl are required")
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return elapsed / n_out


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param not in DTYPE_BYTES:
        raise ValueError(f"bytes_per_param must be one of {DTYPE_BYTES}, got {bytes_per_param}")
    return 2 / bytes_per_param
