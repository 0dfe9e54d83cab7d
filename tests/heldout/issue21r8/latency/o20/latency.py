"""E1.2 latency exercise."""

from numbers import Real


def _require_positive_time(name, value):
    if value <= 0:
        raise ValueError(f"{name} must be a positive time in seconds, got {value}")


def _require_count(name, value):
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")


def request_seconds(ttft: Real, itl: Real, n_out: int) -> float:
    """Seconds until all n_out outputs are done."""
    _require_count("n_out", n_out)
    _require_positive_time("ttft", ttft)
    _require_positive_time("itl", itl)
    decode_gaps = n_out - 1
    return ttft + decode_gaps * itl


def steady_decode_rate(itl: Real) -> float:
    """Steady decode rate, 1 / ITL tokens per second."""
    _require_positive_time("itl", itl)
    return 1 / itl


def request_output_rate(n_out: int, elapsed: Real) -> float:
    """Total request output rate, n_out / T_request tokens per second."""
    _require_count("n_out", n_out)
    _require_positive_time("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: Real) -> float:
    """~2 / b FLOPs per byte for a single-sequence dense weight scan."""
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops_per_param = 2  # multiply + add
    return flops_per_param / bytes_per_param
