"""Request latency and arithmetic intensity (E1.2)."""

EPS = 1e-3  # anything this close to zero is treated as zero (float noise)


def request_seconds(ttft, itl, n_out):
    checks = [
        ("n_out", n_out, n_out >= 1, "at least 1"),
        ("ttft", ttft, ttft > 0, "positive"),
        ("itl", itl, itl > 0, "positive"),
    ]
    for name, value, ok, rule in checks:
        if not ok:
            raise ValueError(f"{name} must be {rule}, got {value}")
    ttft = float(ttft)
    itl = float(itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if not itl > 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1.0 / float(itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed < EPS:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops_per_param = 1 + 1  # one multiply, one add
    return flops_per_param / bytes_per_param
