from __future__ import annotations

Number = int | float


def _positive(name: str, x: Number) -> Number:
    if x <= 0:
        raise ValueError(f"{name} must be positive, got {x}")
    return x


def _at_least_one(name: str, n: int) -> int:
    if n < 1:
        raise ValueError(f"{name} must be at least 1, got {n}")
    return n


def request_seconds(ttft: Number, itl: Number, n_out: int) -> float:
    _at_least_one("n_out", n_out)
    _positive("ttft", ttft)
    _positive("itl", itl)
    gaps = max(n_out - 1, 1)  # at least one gap between tokens
    return ttft + gaps * itl


def steady_decode_rate(itl: Number) -> float:
    return 1 / _positive("itl", itl)


def request_output_rate(n_out: int, elapsed: Number) -> float:
    return _at_least_one("n_out", n_out) / _positive("elapsed", elapsed)


def arithmetic_intensity(bytes_per_param: Number) -> float:
    b = _positive("bytes_per_param", bytes_per_param)
    if b >= 8:
        # somebody passed bits (8, 16, 32) instead of bytes
        b = b / 8
    return 2 / b
