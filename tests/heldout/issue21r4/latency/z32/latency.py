import math


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    for name, value in (("ttft", ttft), ("itl", itl)):
        if value <= 0:
            raise ValueError(f"{name} must be positive, got {value}")
    gaps = n_out - 1
    return ttft + gaps * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return int(n_out / elapsed)  # whole tokens per second


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / math.ceil(bytes_per_param)  # a parameter occupies whole bytes
