"""E1.2 latency exercise."""


def _positive(name, value):
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")


def _at_least_one(name, value):
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")


def request_seconds(ttft, itl, n_out):
    _at_least_one("n_out", n_out)
    _positive("ttft", ttft)
    _positive("itl", itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    _positive("itl", itl)
    return 1 / itl


def request_output_rate(n_out, elapsed):
    _at_least_one("n_out", n_out)
    _positive("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    _positive("bytes_per_param", bytes_per_param)
    flops = 2.0          # per parameter: one multiply, one add
    nbytes = bytes_per_param
    return flops / nbytes
