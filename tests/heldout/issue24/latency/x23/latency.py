"""Latency model for a single request (E1.2).

Design: every public function validates through one small helper and raises
LatencyArgumentError, a ValueError subclass, so callers can catch either.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Number = Union[int, float]


class LatencyArgumentError(ValueError):
    """An argument outside the model's domain."""


@dataclass(frozen=True)
class _Rule:
    name: str
    minimum: float
    inclusive: bool

    def check(self, value: Number) -> None:
        ok = value >= self.minimum if self.inclusive else value > self.minimum
        if not ok:
            bound = f"at least {self.minimum:g}" if self.inclusive else f"greater than {self.minimum:g}"
            raise LatencyArgumentError(f"{self.name} must be {bound}, got {value!r}")


_N_OUT = _Rule("n_out", 1, inclusive=True)


def _time(name: str) -> _Rule:
    return _Rule(name, 0.0, inclusive=False)


def request_seconds(ttft: Number, itl: Number, n_out: int) -> float:
    _N_OUT.check(n_out)
    _time("ttft").check(ttft)
    _time("itl").check(itl)
    return float(ttft + (n_out - 1) * itl)


def steady_decode_rate(itl: Number) -> float:
    _time("itl").check(itl)
    return float(1 / itl)


def request_output_rate(n_out: int, elapsed: Number) -> float:
    _N_OUT.check(n_out)
    _time("elapsed").check(elapsed)
    return float(n_out / elapsed)


def arithmetic_intensity(bytes_per_param: Number) -> float:
    _Rule("bytes_per_param", 0.0, inclusive=False).check(bytes_per_param)
    flops_per_param = 2          # multiply + add
    bytes_read_per_param = bytes_per_param
    return float(flops_per_param / bytes_read_per_param)


__all__ = [
    "LatencyArgumentError",
    "request_seconds",
    "steady_decode_rate",
    "request_output_rate",
    "arithmetic_intensity",
]
