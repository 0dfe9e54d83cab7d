"""Exact arithmetic so that 0.2 + 4 * 0.05 really is 0.4."""
from decimal import Decimal
from fractions import Fraction


def _exact(x):
    return Fraction(str(x))


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    total = _exact(ttft) + (n_out - 1) * _exact(itl)
    return float(total)


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return float(Decimal(1) / Decimal(str(itl)))


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return float(_exact(n_out) / _exact(elapsed))


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return float(Fraction(2) / _exact(bytes_per_param))
