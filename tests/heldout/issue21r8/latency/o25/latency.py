from typing import Union

Number = Union[int, float]


def request_seconds(ttft: Number, itl: Number, n_out: int) -> float:
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return float(ttft) + float(n_out - 1) * float(itl)


def steady_decode_rate(itl: float) -> float:
    if not isinstance(itl, float) or itl <= 0:
        raise ValueError(f"itl must be a positive float (seconds), got {itl!r}")
    return 1.0 / itl


def request_output_rate(n_out: int, elapsed: Number) -> float:
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return float(n_out) / float(elapsed)


def arithmetic_intensity(bytes_per_param: int) -> float:
    if not isinstance(bytes_per_param, int) or bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be a positive integer, got {bytes_per_param!r}")
    return 2.0 / bytes_per_param
