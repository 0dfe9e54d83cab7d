import math


def request_seconds(ttft, itl, n_out):
    """Seconds until the last of n_out outputs: TTFT + (n_out - 1) * ITL."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    for name, value in (("ttft", ttft), ("itl", itl)):
        if value <= 0:
            raise ValueError(f"{name} must be positive, got {value}")
    return math.fsum([ttft, (n_out - 1) * itl])


def steady_decode_rate(itl):
    """1 / ITL tokens per second."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return math.pow(itl, -1)


def request_output_rate(n_out, elapsed):
    """n_out / elapsed tokens per second (TTFT included in elapsed)."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    """~2 / b FLOPs per byte."""
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return math.ldexp(1.0, 1) / bytes_per_param
