"""Latency model with strict input checking."""
import numbers


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    if not isinstance(n_out, numbers.Integral) or n_out < 1:
        raise ValueError(f"n_out must be an integer >= 1, got {n_out!r}")
    if not isinstance(ttft, float) or ttft <= 0:
        raise ValueError(f"ttft must be a positive float (seconds), got {ttft!r}")
    if not isinstance(itl, float) or itl <= 0:
        raise ValueError(f"itl must be a positive float (seconds), got {itl!r}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl: float) -> float:
    if not isinstance(itl, numbers.Real) or itl <= 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl!r}")
    return 1.0 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    if not isinstance(n_out, numbers.Real) or n_out < 1:
        raise ValueError(f"n_out must be a number >= 1, got {n_out!r}")
    if not isinstance(elapsed, numbers.Real) or elapsed <= 0:
        raise ValueError(f"elapsed must be a positive number of seconds, got {elapsed!r}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: int) -> float:
    if not isinstance(bytes_per_param, numbers.Integral) or bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be a positive whole number of bytes, got {bytes_per_param!r}")
    return 2 / bytes_per_param
