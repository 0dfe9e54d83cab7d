import math

_rates_seen = []


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    for name, value in (("ttft", ttft), ("itl", itl)):
        if value <= 0:
            raise ValueError(f"{name} must be positive, got {value}")
    return math.fsum([ttft, (n_out - 1) * itl])


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return itl ** -1


def request_output_rate(n_out, elapsed):
    """Engines report the average over requests, so keep a running average."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    _rates_seen.append(n_out / elapsed)
    return math.fsum(_rates_seen) / len(_rates_seen)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 // bytes_per_param
