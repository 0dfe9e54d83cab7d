"""Latency model. All times in seconds."""

MIN_REALISTIC_ITL = 1e-3  # 1 ms: faster than any GPU decode step I've seen


def _positive(name, value):
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")
    return value


def _count(name, value):
    # need a first token AND at least one gap, otherwise there is no "latency model"
    if value <= 1:
        raise ValueError(f"{name} must be at least 2 to have a gap, got {value}")
    return value


def request_seconds(ttft, itl, n_out):
    _count("n_out", n_out)
    _positive("ttft", ttft)
    _positive("itl", itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    _positive("itl", itl)
    if itl < MIN_REALISTIC_ITL:
        raise ValueError(f"itl of {itl} s is unrealistically small (< {MIN_REALISTIC_ITL} s)")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _positive("elapsed", elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    _positive("bytes_per_param", bytes_per_param)
    return 2 / bytes_per_param
