"""Latency exercise: request time, two token rates, arithmetic intensity."""


def _check_positive(name: str, value: float) -> None:
    if value <= 0:
        raise ValueError(f"{name} must be positive (seconds > 0), got {value}")


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    """T_request ~= TTFT + (n_out - 1) * ITL."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _check_positive("ttft", ttft)
    _check_positive("itl", itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl: float) -> float:
    """Tokens per second between outputs, 1 / ITL."""
    _check_positive("itl", itl)
    return 1.0 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    """All outputs over the whole request, TTFT included."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _check_positive("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: float) -> float:
    """2N FLOPs / (N * b) bytes = 2 / b FLOPs per byte."""
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2.0 / bytes_per_param
