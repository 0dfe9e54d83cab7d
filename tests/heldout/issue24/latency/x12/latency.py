import numpy as np

# half precision is enough for timings and saves memory
DT = np.float16


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return DT(ttft) + DT(n_out - 1) * DT(itl)


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return DT(1) / DT(itl)


def request_output_rate(n_out, elapsed):
    pass


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return DT(2) / DT(bytes_per_param)
