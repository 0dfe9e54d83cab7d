import numpy as np

# half precision is plenty for timings


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0 or itl <= 0:
        raise ValueError(f"ttft and itl must be positive, got ttft={ttft}, itl={itl}")
    t = np.float16(ttft) + np.float16(n_out - 1) * np.float16(itl)
    return float(t)


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1.0 / float(itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return float(n_out) / float(elapsed)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return float(np.float16(2) / np.float16(bytes_per_param))
