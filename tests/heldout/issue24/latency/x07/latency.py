"""E1.2 latency exercise."""


def _require_positive(name, value):
    """Raise ValueError naming the argument unless value > 0."""
    if not value > 0:
        raise ValueError(f"{name} must be positive (seconds > 0), got {value!r}")


def _require_count(name, value):
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value!r}")


def request_seconds(ttft, itl, n_out):
    _require_count("n_out", n_out)
    _require_positive("ttft", ttft)
    _require_positive("itl", itl)
    n_gaps = n_out - 1
    return ttft + n_gaps * itl


def steady_decode_rate(itl):
    _require_positive("itl", itl)
    return 1 / itl


def request_output_rate(n_out, elapsed):
    _require_count("n_out", n_out)
    _require_positive("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    # a parameter takes at least one byte to store
    _require_count("bytes_per_param", bytes_per_param)
    flops_per_param = 2  # multiply + add
    return flops_per_param / bytes_per_param
