import numpy as np

# keep everything in half precision, like the model weights
DTYPE = np.float16


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0 or itl <= 0:
        bad = "ttft" if ttft <= 0 else "itl"
        raise ValueError(f"{bad} must be positive, got {ttft if bad == 'ttft' else itl}")
    ttft, itl = DTYPE(ttft), DTYPE(itl)
    gaps = DTYPE(n_out - 1)
    return ttft + gaps * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return DTYPE(1) / DTYPE(itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    pass
