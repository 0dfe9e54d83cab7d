"""Request latency, token rates and arithmetic intensity (E1.2)."""
from numbers import Real


def _require_real(name, value):
    if not isinstance(value, Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")


def request_seconds(ttft, itl, n_out):
    """Whole-request time in seconds: TTFT + (n_out - 1) * ITL."""
    for name, value in (("ttft", ttft), ("itl", itl), ("n_out", n_out)):
        _require_real(name, value)
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return float(ttft + (n_out - 1) * itl)


def steady_decode_rate(itl):
    """Steady decode rate in tokens per second: 1 / ITL."""
    _require_real("itl", itl)
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1.0 / itl


def request_output_rate(n_out, elapsed):
    """Total request output rate in tokens per second: n_out / elapsed."""
    _require_real("n_out", n_out)
    _require_real("elapsed", elapsed)
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    """FLOPs per byte of a single-sequence dense weight scan: 2 / b."""
    _require_real("bytes_per_param", bytes_per_param)
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2.0 / bytes_per_param
