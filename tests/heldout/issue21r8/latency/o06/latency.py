from __future__ import annotations


class LatencyArgumentError(ValueError):
    """Raised when an argument of the latency model is out of range."""


def _positive(name: str, value: float) -> None:
    if not value > 0:
        raise LatencyArgumentError(f"{name} must be positive (seconds > 0), got {value!r}")


def _at_least_one(name: str, value: int) -> None:
    if value < 1:
        raise LatencyArgumentError(f"{name} must be at least 1, got {value!r}")


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    _at_least_one("n_out", n_out)
    _positive("ttft", ttft)
    _positive("itl", itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl: float) -> float:
    _positive("itl", itl)
    return 1.0 / itl


def request_output_rate(n_out: int, elapsed: float) -> float:
    # n_out = 1 means only the prefill token, there is no decode output to rate
    if n_out <= 1:
        raise LatencyArgumentError(f"n_out must be more than 1, got {n_out!r}")
    _positive("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: float) -> float:
    # realistic weight formats go from 4-bit (0.5 B) to fp32 (4 B)
    if bytes_per_param <= 0 or bytes_per_param > 4:
        raise LatencyArgumentError(
            f"bytes_per_param must be in (0, 4], got {bytes_per_param!r}"
        )
    return 2.0 / bytes_per_param
