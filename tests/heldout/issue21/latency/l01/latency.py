"""E1.2 latency exercise: request time, two token rates, arithmetic intensity."""


def _require_positive_time(name, value):
    # a time of zero seconds (or less) makes no sense for a real request
    if not value > 0:
        raise ValueError(f"{name} must be a positive number of seconds, got {value!r}")


def request_seconds(ttft, itl, n_out):
    """T_request ~= TTFT + (n_out - 1) * ITL seconds.

    The first output arrives at TTFT, each of the other n_out - 1 outputs adds one gap.
    """
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out!r}")
    _require_positive_time("ttft", ttft)
    _require_positive_time("itl", itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    """Tokens per second between outputs once decoding runs: 1 / ITL."""
    _require_positive_time("itl", itl)
    return 1.0 / itl


def request_output_rate(n_out, elapsed):
    """Every output over the whole request (TTFT included): n_out / elapsed."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out!r}")
    _require_positive_time("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    """FLOPs per byte of a single-sequence dense weight scan: 2N / (N*b) = 2 / b."""
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param!r}")
    return 2.0 / bytes_per_param
