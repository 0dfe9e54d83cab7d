import math

EPS = 1e-6  # anything this close to zero counts as zero


def _check_time(name, value):
    if value < 0 or math.isclose(value, 0.0, abs_tol=EPS):
        raise ValueError(f"{name} must be > 0 s, got {value}")


def _check_count(name, value):
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")


def request_seconds(ttft, itl, n_out):
    _check_count("n_out", n_out)
    _check_time("ttft", ttft)
    _check_time("itl", itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be > 0 s, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    _check_count("n_out", n_out)
    # nothing real finishes in under a millisecond
    if elapsed < 1e-3:
        raise ValueError(f"elapsed must be at least 1 ms, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    b = int(bytes_per_param)  # whole bytes
    return 2 / b
