"""Latency and arithmetic intensity (E1.2), numpy flavoured."""
from __future__ import annotations

import numpy as np


def _check_time(name: str, value: float) -> None:
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number of seconds, got {value}")


def _check_count(name: str, value: int) -> None:
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    """T_request ~= TTFT + (n_out - 1) * ITL."""
    _check_count("n_out", n_out)
    _check_time("ttft", ttft)
    _check_time("itl", itl)
    gaps = np.float64(n_out) - 1.0
    return float(np.float64(ttft) + gaps * np.float64(itl))


def steady_decode_rate(itl: float) -> float:
    """1 / ITL tokens per second."""
    _check_time("itl", itl)
    return float(np.float64(1.0) / np.float64(itl))


def request_output_rate(n_out: int, elapsed: float) -> float:
    """n_out / T_request tokens per second."""
    _check_count("n_out", n_out)
    _check_time("elapsed", elapsed)
    return float(np.float64(n_out) / np.float64(elapsed))


def arithmetic_intensity(bytes_per_param: float) -> float:
    """2N FLOPs / (N * b) bytes = 2 / b FLOPs per byte."""
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return float(np.float64(2.0) / np.float64(bytes_per_param))
