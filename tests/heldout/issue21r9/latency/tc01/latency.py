"""Latency exercise: request time, two token rates, arithmetic intensity."""

from __future__ import annotations


def _require_positive(name: str, value: float) -> None:
    """Times and byte widths must be strictly positive."""
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value!r}")


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    """T_request ~= TTFT + (n_out - 1) * ITL, in seconds."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out!r}")
    _require_positive("ttft", ttft)
    _require_positive("itl", itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl: float) -> float:
    """Tokens per second between outputs: 1 / ITL."""
    _require_positive("itl", itl)
    return 1.0 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    """Every output over the whole request: n_out / elapsed."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out!r}")
    _require_positive("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: float) -> float:
    """2N FLOPs over N*b bytes = 2 / b FLOPs per byte."""
    _require_positive("bytes_per_param", bytes_per_param)
    return 2.0 / bytes_per_param
